// Issues 34 and 39: the README's sandbox example runs as written (bash, npx, the sandbox's real clock,
// dates relative to today) and the figures it shows are the ones that run prints.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { SANDBOX_BIN, SYNC_BIN } from '../fixtures/processes.js';
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
  // As written, but on a free port, and the sandbox is stopped by its PID however the script ends.
  const program = `trap '[ -n "$SANDBOX_PID" ] && kill $SANDBOX_PID 2>/dev/null' EXIT\nset -e\n${script.replaceAll('4011', port)}`;
  const { SVC_API_KEY: _key, ...env } = process.env;
  const { stdout } = await promisify(execFile)('bash', ['-c', program], { cwd: dir, env, timeout: 60_000 });
  const printed = stdout.split('\n').filter((line) => line.startsWith('{'));
  expect(printed).toHaveLength(1);
  expect(printed[0]).toMatch(shownAs((shown[0] as string).slice(2)));
}, 90_000);
