import { join } from 'node:path';
import { createClient } from '@svc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { startCli, stop } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { doneInstants, storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_crash';
const sandbox = cliSandbox('sync-crash');
const dir = sandbox.dir;

const USERS = Array.from({ length: 6 }, (_, i) => `crash-${i}`);
const RANGE = { from: '2025-11-01', to: '2025-12-31' };

let postgres: RunningPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop(), 60_000);

const STORES = {
  SQLite: () => `sqlite:${join(dir, 'crash.db')}`,
  PostgreSQL: () => (postgres as RunningPostgres).url,
};

describe('a backfill killed mid-run', () => {
  for (const [kind, address] of Object.entries(STORES))
    it(`resumes after SIGKILL mid-batch on ${kind} with rows exactly equal to the sandbox, redoing no window already done`, async () => {
      const store = address();
      const args = [...backfillArgs(store, sandbox.url, USERS, RANGE), '--concurrency', '4'];
      const env = { SVC_API_KEY: KEY };
      const first = startCli(args, env);
      // Kill it once some windows are committed and some are still owed (read, or in a batch waiting
      // to commit or committing).
      let counts: Record<string, number> = {};
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        counts = await windowCounts(store).catch(() => ({}));
        if ((counts.done ?? 0) >= 10) break;
      }
      await stop(first.child, 'SIGKILL');
      const atKill = await windowCounts(store);
      expect(atKill.done).toBeGreaterThanOrEqual(10);
      expect(atKill.pending ?? 0).toBeGreaterThan(0);

      const second = await startCli(args, env).result;
      expect(second.code).toBe(0);
      // The resumed run stored exactly the windows the killed one had not committed.
      const stored = Number(/done: (\d+) windows stored/.exec(second.stdout)?.[1]);
      const total = (await windowCounts(store)).done as number;
      expect(stored).toBe(total - (atKill.done as number));
      // The windows were committed in batches (several marked done by one transaction).
      expect((await doneInstants(store)).instants).toBeLessThan(total);

      const client = createClient({ apiKey: KEY, baseUrl: sandbox.url });
      const truth = await sandboxTruth(client, USERS, ['steps', 'sleep'], RANGE.from, RANGE.to);
      expect(await storedRows(store)).toEqual(truth);
    }, 180_000);
});
