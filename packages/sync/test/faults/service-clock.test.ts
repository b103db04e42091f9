// Issue 43: a service `Date` header a year ahead marked today's window as covered, and rows that arrived
// later were never read. A clock more than two days ahead of this machine's is a fault with an outcome:
// the run ends `incomplete` (`service_clock`), exit 7 in one line, and nothing is recorded as covered.
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { createSync, openStore, teamFingerprint } from '../../src/index.js';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli } from '../fixtures/processes.js';
import { windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_service_clock';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
// The service's clock a year ahead of this machine's.
const ahead = cliSandbox('sync-clock-ahead', [
  '--start-time',
  new Date(Date.now() + 365 * DAY).toISOString(),
]);
// A day ahead: within the two days believed (a machine's clock behind), as before.
const nearlyAhead = cliSandbox('sync-clock-near', ['--start-time', new Date(Date.now() + DAY).toISOString()]);
const RANGE = { from: day(-13), to: day(0) };
const FAST = ['--max-attempts', '2', '--max-backoff-ms', '50'];

describe('issue 43: a service clock far ahead', () => {
  it('a backfill stops short: exit 7 in one line, `incomplete`, and no window recorded as covered', async () => {
    const store = `sqlite:${join(ahead.dir, 'ahead.db')}`;
    const result = await runCli([...backfillArgs(store, ahead.url, ['clock-a'], RANGE), ...FAST], {
      SVC_API_KEY: KEY,
    });
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.code).toBe(7);
    expect(result.stdout).toMatch(/^incomplete: /m);
    expect(result.stderr.match(/^svc-sync: .*$/gm)).toEqual([
      expect.stringMatching(
        /^svc-sync: the service's clock \(Date: .+\) is \d+ hours ahead of this machine's/,
      ),
    ]);
    expect((await windowCounts(store)).done ?? 0).toBe(0);
  }, 60_000);

  it('in code: the run is `incomplete` with cause `service_clock`, and nothing is recorded as covered', async () => {
    const store = await openStore(`sqlite:${join(ahead.dir, 'in-code.db')}`);
    try {
      const client = createClient({ apiKey: KEY, baseUrl: ahead.url });
      const sync = createSync({
        client,
        store,
        team: teamFingerprint(KEY),
        resources: ['steps'],
        limits: { maxAttempts: 2, maxBackoffMs: 50 },
      });
      const run = sync.backfill({ users: ['clock-b'], ...RANGE });
      const result = await run.result;
      expect(result.status).toBe('incomplete');
      expect(result.cause?.reason).toBe('service_clock');
      expect(result.cause?.message).toMatch(/ahead of this machine's/);
      const status = await store.status();
      expect(status.rows.steps).toBe(0);
      expect(status.pending + status.failed).toBe(0);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('a clock a day ahead is believed, as before: the run completes', async () => {
    const store = `sqlite:${join(nearlyAhead.dir, 'near.db')}`;
    const result = await runCli([...backfillArgs(store, nearlyAhead.url, ['clock-c'], RANGE), ...FAST], {
      SVC_API_KEY: KEY,
    });
    expect(result.stderr).not.toMatch(/svc-sync:/);
    expect(result.code).toBe(0);
    expect((await windowCounts(store)).pending ?? 0).toBe(0);
  }, 60_000);
});
