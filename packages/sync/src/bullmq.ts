// @svc/sync/bullmq: the same unit of work (one user, resource, provider and range) as BullMQ jobs on
// Redis, read by worker processes; checkpoints and data in a shared store (PostgreSQL).
import { Queue, type RedisOptions, UnrecoverableError, Worker } from 'bullmq';
import { classifyError, describeFailure, retryAfterOf } from './classify-error.js';
import { DEFAULT_LIMITS, type Limits } from './internal/pace/aimd.js';
import { backoffMs, onceAttempt } from './internal/pace/attempts.js';
import { runWindow, type WindowOutcome } from './internal/run/run-window.js';
import type { SyncStore, SyncWindow } from './store.js';
import type { SyncClient } from './sync-client.js';

/** The queue's name when none is given. */
export const DEFAULT_QUEUE = 'svc-sync';

/** Connection options from a `redis://[user:password@]host:port[/db]` URL (`rediss://` for TLS). */
export function redisOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new TypeError(
      `unsupported Redis address scheme ${JSON.stringify(parsed.protocol)}: use redis://host:6379`,
    );
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.pathname.length > 1 ? { db: Number(parsed.pathname.slice(1)) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ's workers block on Redis: a request must wait for a reconnect rather than fail.
    maxRetriesPerRequest: null,
  };
}

export interface SyncQueueOptions {
  /** `redis://host:port` */
  redis: string;
  queueName?: string;
  /** Attempts per window before its job fails (default 8); 429s do not use attempts up. */
  attempts?: number;
}

/** Windows become jobs: pass `dispatch` to `createSync`, and backfills and events enqueue instead of reading. */
export interface SyncQueue {
  dispatch(window: SyncWindow): Promise<void>;
  /** Jobs waiting, running or delayed. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** A job id per window and planning: BullMQ drops a second add of an id it holds, so a window is queued once. */
const jobIdOf = (w: SyncWindow) =>
  [w.userId, w.resource, w.provider, w.start, w.end, w.generation ?? 1].join('|');

export function createSyncQueue(options: SyncQueueOptions): SyncQueue {
  const queue = new Queue<SyncWindow>(options.queueName ?? DEFAULT_QUEUE, {
    connection: redisOptions(options.redis),
    defaultJobOptions: {
      attempts: options.attempts ?? 8,
      backoff: { type: 'exponential', delay: DEFAULT_LIMITS.baseBackoffMs },
      removeOnComplete: true,
      removeOnFail: 1_000,
    },
  });
  return {
    async dispatch(window) {
      await queue.add('window', window, { jobId: jobIdOf(window) });
    },
    counts: () => queue.getJobCounts('wait', 'active', 'delayed', 'failed', 'prioritized'),
    close: () => queue.close(),
  };
}

export interface SyncWorkerOptions {
  redis: string;
  queueName?: string;
  client: SyncClient;
  store: SyncStore;
  /** Windows read at once by this process (default 8). */
  concurrency?: number;
  /** Backoff bounds of retries (the rest of the limits apply to in-process runs). */
  limits?: Pick<Limits, 'baseBackoffMs' | 'maxBackoffMs'>;
  /**
   * How long a job stays owned by a worker that stopped answering (killed, frozen) before another
   * worker takes it over (default 30 000 ms).
   */
  lockDurationMs?: number;
  /** Called after each window: `done`, `failed` (recorded in the store) or `rate_limited` (requeued). */
  onWindow?: (window: SyncWindow, outcome: 'done' | 'failed' | 'rate_limited') => void;
}

export interface SyncWorker {
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
}

/**
 * A worker process's reader: takes window jobs, reads them and commits rows and checkpoint in one store
 * transaction. A job of a worker that dies is taken over by another after `lockDurationMs`; reading a
 * window twice upserts the same rows, so nothing is lost or doubled. A 429 pauses the whole queue for
 * `Retry-After`, across every worker, and requeues the job without spending an attempt.
 */
export function createSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const name = options.queueName ?? DEFAULT_QUEUE;
  const connection = redisOptions(options.redis);
  const queue = new Queue<SyncWindow>(name, { connection });
  const lockDuration = options.lockDurationMs ?? 30_000;
  const worker = new Worker<SyncWindow>(
    name,
    async (job) => {
      const window = job.data;
      let ran: WindowOutcome;
      try {
        // The same window runner as an in-process sync, one attempt at a time: the queue retries.
        ran = await runWindow(
          {
            client: options.client,
            store: options.store,
            attempt: onceAttempt,
            beforeRequest: async () => {},
            afterResponse: () => {},
          },
          window,
        );
      } catch (error) {
        // Fatal: the key was refused, or the store failed.
        throw new UnrecoverableError(describeFailure(error).message);
      }
      if (ran.outcome !== 'deferred') return options.onWindow?.(window, ran.outcome);
      if (classifyError(ran.error) === 'overload') {
        await queue.rateLimit(backoffMs(job.attemptsMade + 1, retryAfterOf(ran.error), limits));
        options.onWindow?.(window, 'rate_limited');
        throw Worker.RateLimitError();
      }
      throw ran.error;
    },
    {
      connection,
      concurrency: options.concurrency ?? 8,
      lockDuration,
      stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
      // A window whose worker died is always taken over (reading it again is harmless).
      maxStalledCount: 1_000,
    },
  );
  // Errors of the connection are retried by BullMQ; listening keeps them from crashing the process.
  worker.on('error', () => {});
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
