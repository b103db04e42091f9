// Issues 34 and 39: the README's sandbox example and its "In your code" example run as written (the
// sandbox's real clock, dates relative to today) and the figures they show are the ones the runs print.
import { execFile, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readmeBlock } from '@svc/tools/readme-snippets';
import { afterAll, expect, it } from 'vitest';
import { SANDBOX_BIN, SYNC_BIN, stop, waitForLine } from '../fixtures/processes.js';
import { freePort } from '../fixtures/servers.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'svc-sync-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A shown output line as a pattern: `…` stands for whatever the run printed there. */
const shownAs = (shown: string) =>
  new RegExp(
    `^${shown
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

it("issue 34: the README's sandbox example stores what it shows, dated relative to today", async () => {
  const block = /<!-- sandbox-example:start -->\n```sh\n([\s\S]*?)```\n<!-- sandbox-example:end -->/.exec(
    readme,
  )?.[1];
  expect(block).toBeDefined();
  const script = block as string;
  const shown = script.split('\n').filter((line) => line.startsWith('# {'));
  expect(shown).toHaveLength(1);
  // A partner's project: the two bins installed where npx finds them, nothing from the registry.
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(SANDBOX_BIN, join(dir, 'node_modules', '.bin', 'svc-sandbox'));
  symlinkSync(SYNC_BIN, join(dir, 'node_modules', '.bin', 'svc-sync'));
  const port = String(await freePort());
  // As written, but on a free port, and the sandbox is stopped by its PID however the script ends. The
  // trap runs under `set -e` too: a sandbox the script's own `kill` already ended must not fail it.
  const program = `trap '[ -n "$SANDBOX_PID" ] && kill $SANDBOX_PID 2>/dev/null || true' EXIT\nset -e\n${script.replaceAll('4011', port)}`;
  const { SVC_API_KEY: _key, ...env } = process.env;
  const { stdout } = await promisify(execFile)('bash', ['-c', program], { cwd: dir, env, timeout: 60_000 });
  const printed = stdout.split('\n').filter((line) => line.startsWith('{'));
  expect(printed).toHaveLength(1);
  expect(printed[0]).toMatch(shownAs((shown[0] as string).slice(2)));
}, 90_000);

it('the README\'s "In your code" example stores what it prints, dated relative to today', async () => {
  const README = new URL('../../README.md', import.meta.url);
  const code = readmeBlock(README, 'code-example');
  const shown = code.split('\n').filter((line) => line.startsWith('// → '));
  expect(shown).toHaveLength(1);
  // A partner's project: @svc/client and @svc/sync installed, the example in a file of its own.
  const project = join(dir, 'in-your-code');
  mkdirSync(join(project, 'node_modules', '@svc'), { recursive: true });
  const require = createRequire(import.meta.url);
  const packageDir = (name: string) => realpathSync(join(require.resolve(`${name}/package.json`), '..'));
  symlinkSync(packageDir('@svc/client'), join(project, 'node_modules', '@svc', 'client'));
  symlinkSync(
    fileURLToPath(new URL('../..', import.meta.url)),
    join(project, 'node_modules', '@svc', 'sync'),
  );
  writeFileSync(join(project, 'example.mts'), code);
  // The sandbox on its real clock: every user has the 90 days before it started.
  const sandbox = spawn(process.execPath, [SANDBOX_BIN, '--port', '0', '--seed', 'sync-readme-code'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const baseUrl = await waitForLine(sandbox, /listening on (http:\/\/\S+)/);
    const { SVC_API_KEY: _key, SVC_BASE_URL: _url, ...inherited } = process.env;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', require.resolve('tsx'), 'example.mts'],
      {
        cwd: project,
        env: { ...inherited, SVC_API_KEY: 'sk_test_readme', SVC_BASE_URL: baseUrl },
        timeout: 60_000,
      },
    );
    const lines = stdout.trim().split('\n');
    // The last progress line: every window planned is done.
    const [done, planned] = (lines.at(-2) ?? '').split(' / ').map(Number);
    expect(planned).toBeGreaterThan(0);
    expect(done).toBe(planned);
    expect(lines.at(-1)).toBe((shown[0] as string).slice('// → '.length));
  } finally {
    await stop(sandbox);
  }
}, 90_000);
