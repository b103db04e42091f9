// Issue 45: a worker with --retain-days applies the policy when it starts (its receipt a JSON line on
// stdout), and a queued job of an erased user reads and stores nothing: logged without the id, counted.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSyncQueue } from '../../src/bullmq.js';
import { eraseUser, openStore } from '../../src/index.js';
import { startCli, stop, waitForLine } from '../fixtures/processes.js';
import { API_KEY, sandboxClient, sandboxSync } from '../fixtures/sandbox.js';
import { type RunningPostgres, type RunningServer, startPostgres, startRedis } from '../fixtures/servers.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { postgresDatabases } from '../stores/databases.js';
import { receiptErrors } from './receipt-schema.js';

let postgres: RunningPostgres;
let redis: RunningServer;
beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
});
afterAll(async () => {
  await Promise.all([postgres?.stop(), redis?.stop()]);
});

it('issue 45: a worker applies --retain-days when it starts and stores nothing for an erased user’s job', async () => {
  const address = await postgresDatabases(() => postgres.url).fresh();
  const store = await openStore(address);
  let erasedId: string;
  let steps: number;
  try {
    const { sandbox, client } = sandboxClient({ seed: 'sync-worker-erasure' });
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps', 'sleep'] });
    await sync.backfill({ users: ['worker-erased', 'worker-kept'], from: '2026-01-02', to: '2026-01-04' })
      .result;
    erasedId = (await store.findUser('worker-erased'))?.userId as string;
    await eraseUser(store, { clientUserId: 'worker-erased' });
    steps = (await store.status()).rows.steps as number;
    expect(steps).toBeGreaterThan(0);
  } finally {
    await store.close();
  }
  const queue = createSyncQueue({ redis: redis.url });
  try {
    await queue.dispatch({
      userId: erasedId,
      resource: 'sleep',
      provider: 'oura',
      start: '2026-01-03',
      end: '2026-01-03',
      asOf: '2026-01-05T09:00:00.000Z',
      generation: 1,
    });
    const worker = startCli(
      [
        'worker',
        '--store',
        address,
        '--redis',
        redis.url,
        '--base-url',
        'http://127.0.0.1:9',
        '--retain-days',
        'steps=1',
      ],
      { SVC_API_KEY: API_KEY },
    );
    const line = await waitForLine(worker.child, /^(\{"kind":"retention".*)$/m);
    const receipt = JSON.parse(line);
    expect(receiptErrors(receipt)).toEqual([]);
    // Everything the sandbox had is from January 2026: older than a day, whatever today is.
    expect(receipt).toMatchObject({
      kind: 'retention',
      removed: { svc_steps: steps },
      scrub: { complete: true },
    });
    for (let deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      if (worker.output().stderr.includes('a job of an erased user: nothing stored')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop(worker.child, 'SIGTERM');
    const ended = await worker.result;
    expect(ended.code).toBe(0);
    expect(ended.stderr).toContain('a job of an erased user: nothing stored');
    expect(ended.stdout + ended.stderr).not.toContain(erasedId);
    expect([...(await storedRows(address))].filter(([key]) => key.split('|')[1] === erasedId)).toEqual([]);
    const [tombstone] = await postgresDatabases(() => postgres.url).query(
      address,
      'SELECT refused FROM svc_tombstones',
    );
    expect(Number(tombstone?.refused)).toBe(1);
    expect((await queue.counts()).wait).toBe(0);
  } finally {
    await queue.close();
  }
}, 120_000);
