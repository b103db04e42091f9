// Imports point down and a package reaches another only by its name and declared subpaths: no relative
// import leaves the workspace package its file belongs to (no `../../tools/…`, no `../../packages/x/src/…`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'test-results', 'bench-results', 'generated']);
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;
/** `import … from '…'`, `export … from '…'` and `import('…')`, at the start of a line (not inside a string). */
const IMPORT =
  /^(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|^\s*(?:await\s+)?import\(['"](\.[^'"]+)['"]\)/gm;

/** Known exceptions, each with its reason; an entry here is a debt, not a pattern. */
const ALLOWED: Record<string, string> = {
  'packages/mock/test/global-setup.ts → ../../test-kit/src/provided-context.js':
    'type-only: @svc/test-kit depends on @svc/mock, so the mock cannot list the kit as a dependency',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : CODE.test(name) ? [path] : [];
  });
}

/** The folder of the workspace package a file belongs to: the nearest folder with a package.json. */
function packageOf(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

describe('imports between workspace packages', () => {
  it('no relative import leaves its own package', () => {
    const leaving: string[] = [];
    for (const root of ['spec', 'tools', 'packages', 'examples']) {
      for (const file of files(join(repo, root))) {
        const own = packageOf(file);
        for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
          const target = resolve(dirname(file), (match[1] ?? match[2]) as string);
          const line = `${relative(repo, file)} → ${match[1] ?? match[2]}`;
          // Outside the package's folder, or inside a package nested in it (tools/codegen in tools/).
          const outside = relative(own, target).startsWith('..') || packageOf(join(target, 'x')) !== own;
          if (outside && !(line in ALLOWED)) leaving.push(line);
        }
      }
    }
    expect(leaving).toEqual([]);
  });
});
