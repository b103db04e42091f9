// The producer side: windows become jobs on Redis, added once per window and planning.
import { Queue } from 'bullmq';
import { eraseQueuedUser } from '../erasure/erase-queued-user.js';
import type { QueueEraser } from '../erasure/erase-user.js';
import { QueueUnavailableError } from '../errors/errors.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { redisOptions } from '../redis-options.js';
import type { SyncWindow } from '../stores/store.js';
import type { DispatchOutcome } from '../sync-types.js';
import { within } from '../within.js';
import { closeWithin } from './close-within.js';
import { DEFAULT_QUEUE, jobIdOf, shownRedis } from './window-jobs.js';

export interface SyncQueueOptions {
  /** `redis://host:port` */
  redis: string;
  queueName?: string;
  /** Attempts per window before its job fails (default 8); 429s do not use attempts up. */
  attempts?: number;
}

/**
 * Windows become jobs: pass `dispatch` to `createSync`, and backfills and events enqueue instead of reading.
 * As a `QueueEraser` (`eraseUser(store, { queue })`), it removes an erased user's jobs and the keys and
 * event-stream entries naming them.
 */
export interface SyncQueue extends QueueEraser {
  /**
   * Adds the window's job: `'queued'`; or finds it waiting, delayed or held by a live worker and adds
   * nothing: `'already_queued'`. A failed or completed job, or one left active by a dead worker, is
   * removed and added again.
   */
  dispatch(window: SyncWindow): Promise<DispatchOutcome>;
  /** Jobs waiting, running or delayed. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** States in which a job is still on its way to a worker. */
const QUEUED = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/** How long one queue call may wait for Redis before the queue counts as out of reach. */
const QUEUE_CALL_MS = 5_000;

export function createSyncQueue(options: SyncQueueOptions): SyncQueue {
  // A producer fails fast while Redis is down (one retry per command), so a backfill can say so and stop.
  const connection = { ...redisOptions(options.redis), maxRetriesPerRequest: 1 };
  const queue = new Queue<SyncWindow>(options.queueName ?? DEFAULT_QUEUE, {
    connection,
    defaultJobOptions: {
      attempts: options.attempts ?? 8,
      backoff: { type: 'exponential', delay: DEFAULT_LIMITS.baseBackoffMs },
      removeOnComplete: true,
      removeOnFail: 1_000,
    },
  });
  // Connection errors reach the caller through the calls that fail; unlistened, they would print stacks.
  queue.on('error', () => {});
  const unavailable = (error: unknown) =>
    new QueueUnavailableError(
      `the queue at ${shownRedis(connection)} could not be used (${(error as Error).message ?? error})`,
    );
  return {
    async dispatch(window) {
      const id = jobIdOf(window);
      try {
        return await within(QUEUE_CALL_MS, async (): Promise<DispatchOutcome> => {
          // One round trip for a new window: whether the id was held (its job's hash has a name), asked
          // on the queue's own connection just before the add (commands on one connection run in order),
          // and the add, which leaves a held id as it is. Only a window queued before costs a look below.
          const client = await queue.getBackend().client;
          const [existed] = await Promise.all([
            client.hexists(queue.toKey(id), 'name'),
            queue.add('window', window, { jobId: id }),
          ]);
          if (existed === 0) return 'queued';
          const held = await queue.getJob(id);
          if (held) {
            if (QUEUED.has(await held.getState())) return 'already_queued';
            // Failed, completed, or active on a worker that died (no lock left): the id is taken back. A
            // job a live worker holds (locked) cannot be removed, and is left to it.
            const removed = await held.remove().then(
              () => true,
              () => false,
            );
            if (!removed) return 'already_queued';
          }
          await queue.add('window', window, { jobId: id });
          return 'queued';
        });
      } catch (error) {
        throw unavailable(error);
      }
    },
    async eraseUser(userId, provider) {
      try {
        return await within(QUEUE_CALL_MS * 6, () => eraseQueuedUser(queue, connection, userId, provider));
      } catch (error) {
        throw unavailable(error);
      }
    },
    // Bounded like a dispatch: a Redis that stops answering (frozen) keeps the socket open and never fails.
    counts: () =>
      within(QUEUE_CALL_MS, () =>
        queue.getJobCounts('wait', 'active', 'delayed', 'failed', 'prioritized'),
      ).catch((error: unknown) => {
        throw unavailable(error);
      }),
    close: () =>
      closeWithin(
        2_000,
        () => queue.close(),
        () => queue.disconnect(),
      ),
  };
}
