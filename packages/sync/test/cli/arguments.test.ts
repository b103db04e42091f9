// Every argument of every command is judged before the store is opened or a request sent, in one line
// that names the option as the user typed it (`--to`), exit 2; a date is checked against the calendar.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-sync-arguments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// No service URL from this machine's environment: each case says whether it gives one.
const env = { SVC_API_KEY: 'sk_test_arguments', SVC_BASE_URL: '' };
/** Nothing listens there: a run that got as far as a request would fail to reach it, not exit 2. */
const NOWHERE = ['--base-url', 'http://127.0.0.1:9'];
const DAYS = ['--users', 'a', '--from', '2026-02-01', '--to', '2026-02-02'];

/** Exit 2, and one line on stderr starting `svc-sync: ` that matches `said`. */
async function refused(args: string[], said: RegExp) {
  const run = await runCli(args, env);
  expect(run.code, args.join(' ')).toBe(2);
  expect(run.stderr, args.join(' ')).toMatch(/^svc-sync: [^\n]+\n$/);
  expect(run.stderr, args.join(' ')).toMatch(said);
  return run;
}

describe('svc-sync arguments', () => {
  it('gives a negative number the option range message, not "argument is ambiguous"', async () => {
    const store = ['--store', `sqlite:${join(dir, 'negative.db')}`];
    await refused(
      ['status', ...store, '--limit', '-1'],
      /^svc-sync: --limit must be a whole number from 1 up$/m,
    );
    await refused(
      ['backfill', ...store, ...DAYS, '--max-attempts', '-3', ...NOWHERE],
      /^svc-sync: --max-attempts must be a whole number from 1 up$/m,
    );
    await refused(
      ['serve', ...store, '--port', '-1'],
      /^svc-sync: --port must be a whole number from 0 to 65535$/m,
    );
  });
});
