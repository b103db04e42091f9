// The released type tests run against today's code: a scratch git repository with one package whose
// type test was committed (the "release"), then the package's source changes in the work tree.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releasedTypeTests } from '../../released-type-tests.mjs';

let repo = '';
let dir = '';
const source = (text: string) => writeFileSync(join(dir, 'src/index.ts'), text);

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'svc-released-type-tests-'));
  dir = join(repo, 'packages/things');
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'test/reading'), { recursive: true });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        skipLibCheck: true,
      },
      include: ['src', 'test'],
    }),
  );
  source('export type Thing = { name: string; size?: number };\n');
  writeFileSync(
    join(dir, 'test/reading/thing.test-d.ts'),
    [
      "import type { Thing } from '../../src/index.js';",
      "const thing: Thing = { name: 'a', size: 1 };",
      'export const size: number | undefined = thing.size;',
      '// @ts-expect-error a thing has a name',
      'export const nameless: Thing = { size: 1 };',
      '',
    ].join('\n'),
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.invalid', 'commit', '-q', '-m', 'release');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

const check = () => releasedTypeTests({ repo, ref: 'HEAD', packages: [{ name: '@svc/things', dir }] });

describe('releasedTypeTests', () => {
  it('passes when the released type tests still compile', () => {
    source('export type Thing = { name: string; size?: number; colour?: string };\n');
    expect(check()).toEqual({ files: 1, packages: ['@svc/things'], failures: [], notes: [] });
  });

  it('fails for the package when a released type test no longer compiles, naming the line', () => {
    source('export type Thing = { name: string };\n');
    const { failures } = check();
    expect(
      failures.map(({ packageName, file, message }) => `${packageName} ${file} ${message.slice(0, 6)}`),
    ).toEqual([
      '@svc/things packages/things/test/reading/thing.test-d.ts:2 TS2353',
      '@svc/things packages/things/test/reading/thing.test-d.ts:3 TS2339',
    ]);
  });

  it('only notes a released test whose expected error is gone, and cleans its scratch folder', () => {
    source('export type Thing = { name?: string; size?: number };\n');
    const { failures, notes } = check();
    expect(failures).toEqual([]);
    expect(notes).toEqual([expect.stringContaining('packages/things/test/reading/thing.test-d.ts:4')]);
    expect(existsSync(join(dir, '.released-type-tests'))).toBe(false);
  });
});
