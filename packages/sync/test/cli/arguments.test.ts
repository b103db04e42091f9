// Every argument of every command is judged before the store is opened or a request sent, in one line
// that names the option as the user typed it (`--to`), exit 2; a date is checked against the calendar.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
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
  it('refuses retry --to before --from before a failure is replanned or a request sent', async () => {
    const address = `sqlite:${join(dir, 'failures.db')}`;
    const store = await openStore(address);
    const window = {
      userId: 'u-1',
      resource: 'steps',
      provider: 'oura',
      start: '2026-10-05',
      end: '2026-10-05',
    } as const;
    try {
      await store.saveUser({ clientUserId: 'alice', userId: 'u-1', providers: ['oura'], error: null });
      await store.saveUser({
        clientUserId: 'unknown_ghost',
        userId: null,
        providers: [],
        error: 'NotFoundError',
      });
      await store.planWindows([{ ...window, asOf: '2026-10-06T00:00:00.000Z' }]);
      await store.failWindow(window, { error: 'UnprocessableEntityError', status: 422, message: 'refused' });
    } finally {
      await store.close();
    }
    const run = await refused(
      ['retry', '--store', address, '--from', '2026-11-01', '--to', '2026-10-01', ...NOWHERE],
      /^svc-sync: --to 2026-10-01 is before --from 2026-11-01$/m,
    );
    expect(run.stdout).toBe('');
    const after = await openStore(address);
    try {
      // Still failed: not planned again, not read.
      expect(await after.failedWindows(10)).toMatchObject([window]);
      expect((await after.status()).pending).toBe(0);
    } finally {
      await after.close();
    }
  });

  it('refuses a bad argument of each command before its store is opened', async () => {
    const path = join(dir, 'untouched.db');
    const store = ['--store', `sqlite:${path}`];
    const cases: [string[], RegExp][] = [
      [['backfill', ...store, ...DAYS, '--concurrency', '0', ...NOWHERE], /--concurrency must be/],
      [
        ['backfill', ...store, ...DAYS, '--resources', 'heartrate', ...NOWHERE],
        /unknown resource "heartrate"/,
      ],
      [
        [
          'backfill',
          ...store,
          '--users',
          `@${join(dir, 'missing.txt')}`,
          '--from',
          '2026-02-01',
          '--to',
          '2026-02-02',
          ...NOWHERE,
        ],
        /--users @.*: cannot read/,
      ],
      [['retry', ...store, '--concurrency', '0', ...NOWHERE], /--concurrency must be/],
      [['status', ...store, '--to', '2026-02-30'], /--to must be a day/],
      [
        [
          'export',
          ...store,
          '--format',
          'fhir-ndjson',
          '--out',
          join(dir, 'fhir'),
          '--since',
          '2026-01-05T00:00:00Z',
        ],
        /--since exports the points that changed/,
      ],
      [
        ['webhooks', ...store, '--secret', 'whsec_x', '--resources', 'heartrate', ...NOWHERE],
        /unknown resource "heartrate"/,
      ],
      [
        ['webhooks', ...store, '--secret', 'whsec_x', '--max-attempts', '0', ...NOWHERE],
        /--max-attempts must be/,
      ],
    ];
    for (const [args, said] of cases) {
      await refused(args, said);
      expect(existsSync(path), args.join(' ')).toBe(false);
    }
    // A worker's PostgreSQL is not reached (exit 3) before its arguments are judged.
    await refused(
      [
        'worker',
        '--store',
        'postgres://svc:pw@127.0.0.1:9/db',
        '--redis',
        'redis://127.0.0.1:9',
        '--max-backoff-ms',
        '0',
        ...NOWHERE,
      ],
      /--max-backoff-ms must be/,
    );
  });

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

  it('refuses a date or date-time the calendar does not have, naming the option as typed', async () => {
    const store = ['--store', `sqlite:${join(dir, 'calendar.db')}`];
    await refused(
      ['status', ...store, '--to', '2026-02-30'],
      /^svc-sync: --to must be a day YYYY-MM-DD or an ISO date-time .*the calendar has no 2026-02-30\)$/m,
    );
    await refused(
      ['status', ...store, '--to', '2026-02-30T10:00:00Z'],
      /^svc-sync: --to must be .*the calendar has no 2026-02-30\)$/m,
    );
    await refused(
      ['backfill', ...store, '--users', 'a', '--from', '2026-02-30', '--to', '2026-03-01', ...NOWHERE],
      /^svc-sync: --from must be a day YYYY-MM-DD \(got "2026-02-30": the calendar has no 2026-02-30\)$/m,
    );
    await refused(
      ['backfill', ...store, '--users', 'a', '--from', '2026-02-01', '--to', 'soon', ...NOWHERE],
      /^svc-sync: --to must be a day YYYY-MM-DD \(got "soon"\)$/m,
    );
    // Without an offset the instant would depend on the machine's time zone.
    await refused(
      ['status', ...store, '--to', '2026-01-05T10:00'],
      /^svc-sync: --to must be a day YYYY-MM-DD or an ISO date-time with its offset, .*\(got "2026-01-05T10:00"\)$/m,
    );
    await refused(
      ['retry', ...store, '--from', '2026-04-31', '--to', '2026-05-01', ...NOWHERE],
      /^svc-sync: --from must be a day .*the calendar has no 2026-04-31\)$/m,
    );
  });

  it('names a mistyped option before saying the service URL is not set, and says how to set it once', async () => {
    const store = ['--store', `sqlite:${join(dir, 'no-url.db')}`];
    await refused(['backfill', '--store', 'mysql://root:pw@db/x', ...DAYS], /unsupported store "mysql:"/);
    await refused(
      ['backfill', ...store, '--users', 'a', '--from', '2026-02-30', '--to', '2026-03-01'],
      /--from must be a day/,
    );
    await refused(
      ['backfill', ...store, ...DAYS, '--resources', 'heartrate'],
      /unknown resource "heartrate"/,
    );
    await refused(['backfill', ...store, ...DAYS, '--concurrency', '0'], /--concurrency must be/);
    const unset = await refused(['backfill', ...store, ...DAYS], /no service URL/);
    expect(unset.stderr).toBe('svc-sync: no service URL: pass --base-url <URL> or set SVC_BASE_URL\n');
  });
});
