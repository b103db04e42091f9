// A run's heartbeats: written when its figures move, and an idle run (a worker with an empty queue)
// writes none until its keepalive, so it does not move the store's change mark the console's coverage
// is kept under; its row is found as one run whatever key its last beat moved it to.
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, publishHeartbeats, readHeartbeats } from '../../src/console/run-heartbeat.js';
import { readableStore } from '../../src/console/store-reader.js';
import type { SyncProgress } from '../../src/index.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

const progressOf = (done: number, finished = false): SyncProgress => ({
  users: { planned: 0, failed: 0, deferred: 0, erased: 0, total: undefined, failedIds: [] },
  windows: { planned: 5, done, failed: 0, deferred: 0, queued: 0, alreadyQueued: 0 },
  points: done * 10,
  requests: done,
  rateLimited: 0,
  requestsPerSecond: 1,
  concurrency: 1,
  etaMs: undefined,
  elapsedMs: Date.now(),
  finished,
});

describe('run heartbeats', () => {
  it('writes a beat when the figures move, none while they stand still, and the last when the run ends', async () => {
    const store = readableStore((await stores.open()).store);
    const marks: string[] = [];
    const step = () => new Promise<void>((resolve) => setTimeout(resolve, HEARTBEAT_MS + 100));
    async function* run(): AsyncGenerator<SyncProgress> {
      yield progressOf(1);
      await step();
      marks.push(await store.changeMark());
      // Idle: the same figures, later (elapsed moved).
      yield progressOf(1);
      await step();
      marks.push(await store.changeMark());
      yield progressOf(2);
      await step();
      marks.push(await store.changeMark());
      yield progressOf(2, true);
    }
    await publishHeartbeats(store, run(), 'worker');
    // The idle beat wrote nothing: the mark stood; the moved figures were written.
    expect(marks[1]).toBe(marks[0]);
    expect(marks[2]).not.toBe(marks[1]);
    const runs = await readHeartbeats(store, 5);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'worker', pid: process.pid, progress: { finished: true } });
    expect(runs[0]?.progress.windows.done).toBe(2);
  });
});
