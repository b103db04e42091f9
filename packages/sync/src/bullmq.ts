// @svc/sync/bullmq: the same unit of work (one user, resource, provider and range) as BullMQ jobs on
// Redis, read by worker processes; checkpoints and data in a shared store (PostgreSQL).
import { Queue, type RedisOptions, UnrecoverableError, Worker } from 'bullmq';
import { eraseQueuedUser } from './erasure/erase-queued-user.js';
import type { QueueEraser } from './erasure/erase-user.js';
import { classifyError, describeFailure, reasonOf, retryAfterOf } from './errors/classify-error.js';
import { QueueUnavailableError } from './errors/errors.js';
import { backoffMs, onceAttempt } from './internal/pace/attempts.js';
import { runWindow } from './internal/run/run-window.js';
import type { WindowOutcome } from './internal/run/window-runner.js';
import { teamBinder } from './internal/settings.js';
import { within } from './internal/within.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { redisOptions } from './redis-options.js';
import type { SyncStore, SyncWindow } from './stores/store.js';
import type { SyncClient } from './sync-client.js';
import type { DispatchOutcome } from './sync-types.js';

/** The queue's name when none is given. */
export const DEFAULT_QUEUE = 'svc-sync';

export { redisOptions } from './redis-options.js';

/** Where Redis is, as it may be shown (never the password). */
const shownRedis = (options: RedisOptions) => `redis://${options.host}:${options.port}`;

/** Waits for `close`, at most `ms`: with Redis down, closing would otherwise wait for a reconnect. */
async function closeWithin(ms: number, close: () => Promise<unknown>, force: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const closed = close().catch(() => {});
  if ((await Promise.race([closed, late])) === 'late') await force().catch(() => {});
  clearTimeout(timer);
}

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

/** A job id per window and planning: BullMQ drops a second add of an id it holds, so a window is queued once. */
const jobIdOf = (w: SyncWindow) =>
  [w.userId, w.resource, w.provider, w.start, w.end, w.generation ?? 1].join('|');

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

export interface SyncWorkerOptions {
  redis: string;
  queueName?: string;
  client: SyncClient;
  store: SyncStore;
  /**
   * The team the client's key belongs to, `teamFingerprint(apiKey)`: the worker binds the store to it
   * before it takes a job, and a store bound to another team stops it (`onFatal`, `ready` rejects).
   */
  team: string;
  /** Windows read at once by this process (default 8). */
  concurrency?: number;
  /** Backoff bounds of retries (the rest of the limits apply to in-process runs). */
  limits?: Pick<Limits, 'baseBackoffMs' | 'maxBackoffMs'>;
  /**
   * How long a job stays owned by a worker that stopped answering (killed, frozen) before another
   * worker takes it over (default 30 000 ms).
   */
  lockDurationMs?: number;
  /**
   * Called after each window: `done`, `failed` (recorded in the store), `rate_limited` (requeued) or
   * `erased` (a job of an erased user: nothing read or stored, the refusal counted on its tombstone).
   */
  onWindow?: (window: SyncWindow, outcome: 'done' | 'failed' | 'rate_limited' | 'erased') => void;
  /**
   * Called once when Redis, the store or the service goes out of reach (`problem` says which), and once
   * with `undefined` when work goes through again. The worker keeps retrying meanwhile.
   */
  onOutage?: (problem: string | undefined) => void;
  /** Called when a job meets a fatal error (the key refused): the worker should be stopped. */
  onFatal?: (error: unknown) => void;
}

export interface SyncWorker {
  /**
   * Resolves once the store is bound to the worker's team and jobs are being taken; rejects with
   * StoreTeamMismatchError (also given to `onFatal`) when the store holds another team's data.
   */
  readonly ready: Promise<void>;
  /** Stops taking jobs and waits for the running ones (at most a few seconds while Redis is down). */
  close(): Promise<void>;
}

/**
 * A worker process's reader: takes window jobs, reads them and commits rows and checkpoint in one store
 * transaction. A job of a worker that dies is taken over by another after `lockDurationMs`; reading a
 * window twice upserts the same rows, so nothing is lost or doubled. A 429 pauses the whole queue for
 * `Retry-After`, across every worker, and requeues the job without spending an attempt; so does the
 * service or the store out of reach, with a backoff that grows while the outage lasts.
 */
export function createSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const bindTeam = teamBinder(options.store, options.team);
  const name = options.queueName ?? DEFAULT_QUEUE;
  const connection = redisOptions(options.redis);
  const queue = new Queue<SyncWindow>(name, { connection });
  const lockDuration = options.lockDurationMs ?? 30_000;
  let outage: string | undefined;
  let outages = 0;
  // One line per outage: the same trouble told again (each reconnect fails alike) is not news.
  const report = (problem: string | undefined) => {
    if (problem?.split(' (')[0] === outage?.split(' (')[0]) return;
    outage = problem;
    options.onOutage?.(problem);
  };
  /** Every worker waits (the job keeps its attempts): the next try comes after a growing backoff. */
  const waitOut = async (problem: string, retryAfterMs?: number): Promise<never> => {
    report(problem);
    await queue.rateLimit(backoffMs(++outages, retryAfterMs, limits));
    throw Worker.RateLimitError();
  };
  const worker = new Worker<SyncWindow>(
    name,
    async (job) => {
      const window = job.data;
      let ran: WindowOutcome;
      try {
        if (await options.store.refuseErased({ userId: window.userId }))
          return options.onWindow?.(window, 'erased');
        // The same window runner as an in-process sync, one attempt at a time: the queue retries.
        ran = await runWindow(
          {
            client: options.client,
            store: options.store,
            attempt: onceAttempt,
            storeCall: (call) => call(),
            beforeRequest: async () => {},
            afterResponse: () => {},
          },
          window,
        );
      } catch (error) {
        if (classifyError(error) === 'transient') return waitOut(describeFailure(error).message);
        options.onFatal?.(error);
        throw new UnrecoverableError(describeFailure(error).message);
      }
      if (ran.outcome !== 'deferred') {
        outages = 0;
        report(undefined);
        return options.onWindow?.(window, ran.outcome);
      }
      const reason = reasonOf(ran.error);
      if (classifyError(ran.error) === 'overload') {
        options.onWindow?.(window, 'rate_limited');
        await queue.rateLimit(backoffMs(job.attemptsMade + 1, retryAfterOf(ran.error), limits));
        throw Worker.RateLimitError();
      }
      if (reason === 'service_unreachable')
        return waitOut(`the service could not be reached (${describeFailure(ran.error).message})`);
      // A 5xx of one window: the queue retries it with its attempts.
      throw ran.error;
    },
    {
      connection,
      concurrency: options.concurrency ?? 8,
      lockDuration,
      stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
      // A window whose worker died is always taken over (reading it again is harmless).
      maxStalledCount: 1_000,
      // Jobs are taken only once the store is known to be this team's.
      autorun: false,
    },
  );
  // BullMQ reconnects by itself; an error is told once per outage instead of printed as a stack.
  const redisDown = (error: Error) =>
    report(`Redis at ${shownRedis(connection)} could not be reached (${error.message})`);
  worker.on('error', redisDown);
  queue.on('error', redisDown);
  let closing = false;
  const ready = (async () => {
    // The store out of reach at start is an outage like any other: told once, waited out.
    for (let attempt = 1; !closing; attempt++) {
      try {
        await bindTeam();
        break;
      } catch (error) {
        if (classifyError(error) !== 'transient') {
          options.onFatal?.(error);
          throw error;
        }
        report(describeFailure(error).message);
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, undefined, limits)).unref());
      }
    }
    if (closing) return;
    report(undefined);
    // Runs until closed; its failures reach the 'error' listener.
    void worker.run().catch(() => {});
  })();
  ready.catch(() => {});
  return {
    ready,
    async close() {
      closing = true;
      await closeWithin(
        3_000,
        () => worker.close(),
        () => worker.close(true),
      );
      await closeWithin(
        1_000,
        () => queue.close(),
        () => queue.disconnect(),
      );
    },
  };
}
