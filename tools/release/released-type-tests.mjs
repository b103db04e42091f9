// The type tests of the last release, type-checked against the current code: a partner's code that
// compiled against the release should still compile (the check the Stainless SDKs run on a release).
// Each package's released `test/` folder is put beside its current `test/` (same depth, so the
// tests' relative imports reach the current `src/`), and tsc checks its `*.test-d.ts` files with the
// package's own tsconfig. The scratch folder is removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const SCRATCH = '.released-type-tests';
/** "Unused '@ts-expect-error' directive": the released test expected an error the API no longer has. */
const LOOSENED = 'TS2578';
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * @param {{ repo: string, ref: string, packages: Array<{ name: string, dir: string }> }} input
 * @returns {{ files: number, packages: string[], failures: import('./breaking-verdict.mjs').TypeTestFailure[], notes: string[] }}
 */
export function releasedTypeTests({ repo, ref, packages }) {
  const listed = execFileSync('git', ['ls-tree', '-r', '--name-only', ref, '--', 'packages'], {
    cwd: repo,
    encoding: 'utf8',
  }).split('\n');
  /** @type {import('./breaking-verdict.mjs').TypeTestFailure[]} */
  const failures = [];
  /** @type {string[]} */
  const notes = [];
  /** @type {string[]} */
  const checked = [];
  let files = 0;
  for (const { name, dir } of packages) {
    const testDir = `${relative(repo, dir)}/test`;
    const tests = listed.filter((file) => file.startsWith(`${testDir}/`) && file.endsWith('.test-d.ts'));
    if (tests.length === 0 || !existsSync(join(dir, 'tsconfig.json'))) continue;
    const scratch = join(dir, SCRATCH);
    const extracted = mkdtempSync(join(tmpdir(), 'svc-released-tests-'));
    try {
      const archive = execFileSync('git', ['archive', '--format=tar', ref, testDir], { cwd: repo });
      execFileSync('tar', ['-x', '-C', extracted], { input: archive });
      rmSync(scratch, { recursive: true, force: true });
      cpSync(join(extracted, testDir), scratch, { recursive: true });
      const inScratch = tests.map((file) => file.slice(testDir.length + 1));
      writeFileSync(
        join(scratch, 'tsconfig.json'),
        JSON.stringify({
          extends: '../tsconfig.json',
          compilerOptions: { noEmit: true },
          include: inScratch,
        }),
      );
      const result = spawnSync(
        process.execPath,
        [tsc, '-p', join(SCRATCH, 'tsconfig.json'), '--pretty', 'false'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      const reported = failures.length + notes.length;
      for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
        const error = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
        if (!error) continue;
        const [, file = '', at = '', code = '', message = ''] = error;
        const where = `${file.startsWith(`${SCRATCH}/`) ? `${testDir}/${file.slice(SCRATCH.length + 1)}` : `${relative(repo, dir)}/${file}`}:${at}`;
        if (code === LOOSENED)
          notes.push(`${where}: an error this released test expected is gone (${message})`);
        else failures.push({ packageName: name, file: where, message: `${code} ${message}` });
      }
      if (result.status !== 0 && failures.length + notes.length === reported) {
        failures.push({
          packageName: name,
          file: testDir,
          message: `tsc failed:\n${result.stdout}${result.stderr}`,
        });
      }
      files += tests.length;
      checked.push(name);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      rmSync(extracted, { recursive: true, force: true });
    }
  }
  return { files, packages: checked, failures, notes };
}
