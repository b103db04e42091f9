// The consumer side: a worker process takes window jobs, once its store is known to be its team's.
import { Queue, Worker } from 'bullmq';
import { classifyError, describeFailure } from '../errors/classify-error.js';
import { backoffMs } from '../internal/pace/attempts.js';
import { WindowCommitter } from '../internal/run/window-committer.js';
import { teamBinder } from '../internal/settings.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { redisOptions } from '../redis-options.js';
import type { SyncStore, SyncWindow } from '../stores/store.js';
import type { SyncClient } from '../sync-client.js';
import { closeWithin } from './close-within.js';
import { runWindowJob } from './window-job.js';
import { DEFAULT_QUEUE, shownRedis } from './window-jobs.js';
import { WorkerOutages } from './worker-outages.js';

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
  /** Stops taking jobs and waits for the running ones: at most 3 s, whatever Redis does (down, frozen, reconnecting). */
  close(): Promise<void>;
}

/**
 * A worker process's reader: takes window jobs, reads them and commits rows and checkpoint in one store
 * transaction (with the windows of its other jobs ready then: group commit). A job of a worker that dies
 * is taken over by another after `lockDurationMs`; reading a window twice upserts the same rows, so
 * nothing is lost or doubled. A 429 pauses the whole queue for
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
  const outages = new WorkerOutages(queue, limits, options.onOutage);
  // Jobs read at once commit together (one transaction, a few round trips, for every window ready): a
  // job completes only once its window's batch committed, so a worker killed mid-batch leaves its jobs
  // to be taken over and read again, as with a commit of its own.
  const committer = new WindowCommitter((commits) => options.store.commitWindows(commits));
  const context = { ...options, queue, limits, outages, commit: committer.commit.bind(committer) };
  const worker = new Worker<SyncWindow>(name, (job) => runWindowJob(job, context), {
    connection,
    concurrency: options.concurrency ?? 8,
    lockDuration,
    stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
    // A window whose worker died is always taken over (reading it again is harmless).
    maxStalledCount: 1_000,
    // Jobs are taken only once the store is known to be this team's.
    autorun: false,
  });
  // BullMQ reconnects by itself; an error is told once per outage instead of printed as a stack.
  const redisDown = (error: Error) =>
    outages.report(`Redis at ${shownRedis(connection)} could not be reached (${error.message})`);
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
        outages.report(describeFailure(error).message);
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, undefined, limits)).unref());
      }
    }
    if (closing) return;
    outages.report(undefined);
    // Runs until closed; its failures reach the 'error' listener.
    void worker.run().catch(() => {});
  })();
  ready.catch(() => {});
  return {
    ready,
    async close() {
      closing = true;
      // Side by side, each bounded: 3 s at most in all, within the CLI's 5 s after a signal.
      await Promise.all([
        closeWithin(
          2_500,
          () => worker.close(),
          () => worker.disconnect(),
        ),
        closeWithin(
          1_000,
          () => queue.close(),
          () => queue.disconnect(),
        ),
      ]);
    },
  };
}
