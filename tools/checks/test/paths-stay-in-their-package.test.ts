// Imports point down and a package reaches another only by its name and declared subpaths (or its bin):
// no relative path leaves the workspace package its file belongs to for another package's folder (no
// `../../tools/…`, no `../../packages/x/src/…`), in code, in package.json scripts or in a tsconfig. The
// repository root's own files (tsconfig.base.json, README.md) belong to no package and may be named.
// There are no exceptions: where two packages would need one, what both need moves below them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const ROOTS = ['spec', 'tools', 'codegen', 'packages', 'examples'];
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'test-results', 'bench-results', 'generated']);
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;
/** `import … from '…'`, `export … from '…'` and `import('…')`, at the start of a line (not inside a string). */
const IMPORT =
  /^(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|^\s*(?:await\s+)?import\(['"](\.[^'"]+)['"]\)/gm;
/** A quoted path that climbs (`'../../spec/redocly.yaml'`, `new URL('../../x', import.meta.url)`). */
const CLIMBING_STRING = /(['"`])((?:\.\.\/)+[^'"`$\s]*)\1/g;
/** A path that climbs inside a package.json script or a tsconfig value. */
const CLIMBING_WORD = /(?:^|[\s'"=])((?:\.\.\/)+[^\s'"),;]*)/g;

function files(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, wanted) : wanted(name) ? [path] : [];
  });
}
const everywhere = (wanted: (name: string) => boolean) =>
  ROOTS.flatMap((root) => files(join(repo, root), wanted));

/** The folder of the workspace package a path belongs to: the nearest folder with a package.json. */
function packageOf(path: string): string {
  let dir = dirname(path);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

/** Where `path`, written in `file`, lands when it is another package's folder; undefined when it stays. */
function intoAnotherPackage(file: string, base: string, path: string): string | undefined {
  const target = resolve(base, path);
  const own = packageOf(file);
  const landsIn = packageOf(join(target, 'x'));
  const stays = !relative(own, target).startsWith('..') && landsIn === own;
  return stays || landsIn === repo ? undefined : `${relative(repo, file)} → ${path}`;
}

function leaving(file: string, base: string, paths: Iterable<string>): string[] {
  return [...paths].flatMap((path) => {
    const line = intoAnotherPackage(file, base, path);
    return line === undefined ? [] : [line];
  });
}

describe('paths between workspace packages', () => {
  it('no relative import leaves its own package', () => {
    const found = everywhere((name) => CODE.test(name)).flatMap((file) =>
      leaving(
        file,
        dirname(file),
        [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => (match[1] ?? match[2]) as string),
      ),
    );
    expect(found).toEqual([]);
  });

  it('no path in code reaches into another package (a file read, a URL, a spawned script)', () => {
    const found = everywhere((name) => CODE.test(name)).flatMap((file) =>
      leaving(
        file,
        dirname(file),
        [...readFileSync(file, 'utf8').matchAll(CLIMBING_STRING)].map((match) => match[2] as string),
      ),
    );
    expect(found).toEqual([]);
  });

  it('no package.json script or tsconfig reaches into another package: it runs a bin or names a package', () => {
    const found = everywhere((name) => name === 'package.json' || /^tsconfig.*\.json$/.test(name)).flatMap(
      (file) => {
        const text = readFileSync(file, 'utf8');
        // A tsconfig is JSON with comments: its text is read as it is.
        const texts = file.endsWith('package.json')
          ? Object.values((JSON.parse(text) as { scripts?: Record<string, string> }).scripts ?? {})
          : [text];
        const paths = texts.flatMap((text) => [...text.matchAll(CLIMBING_WORD)].map((m) => m[1] as string));
        return leaving(file, dirname(file), paths);
      },
    );
    expect(found).toEqual([]);
  });
});
