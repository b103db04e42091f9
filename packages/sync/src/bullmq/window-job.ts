// One window job in a worker: the same window runner as an in-process sync, one attempt at a time (the
// queue retries), and what each outcome means for the job.
import { type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import { classifyError, describeFailure, reasonOf, retryAfterOf } from '../errors/classify-error.js';
import { backoffMs, onceAttempt } from '../internal/pace/attempts.js';
import { runWindow } from '../internal/run/run-window.js';
import type { WindowOutcome } from '../internal/run/window-runner.js';
import type { Limits } from '../limits.js';
import type { SyncStore, SyncWindow, WindowCommit } from '../stores/store.js';
import type { SyncClient } from '../sync-client.js';
import type { WorkerOutages } from './worker-outages.js';

/** What running a window job needs from its worker. */
export interface WindowJobContext {
  client: SyncClient;
  store: SyncStore;
  queue: Queue<SyncWindow>;
  limits: Required<Limits>;
  outages: WorkerOutages;
  /** Commits a window read, resolved once committed: the worker's group commit (several jobs a transaction). */
  commit: (commit: WindowCommit) => Promise<void>;
  onWindow?: (window: SyncWindow, outcome: 'done' | 'failed' | 'rate_limited' | 'erased') => void;
  onFatal?: (error: unknown) => void;
}

/**
 * Reads the job's window and commits it (or records its failure); a 429 pauses the whole queue for its
 * `Retry-After` and requeues the job without spending an attempt, and so does an outage; a 5xx is
 * retried with the job's attempts; a fatal error stops the job for good and is told to `onFatal`.
 */
export async function runWindowJob(job: Job<SyncWindow>, context: WindowJobContext): Promise<void> {
  const window = job.data;
  let ran: WindowOutcome;
  try {
    if (await context.store.refuseErased({ userId: window.userId }))
      return context.onWindow?.(window, 'erased');
    ran = await runWindow(
      {
        client: context.client,
        store: context.store,
        attempt: onceAttempt,
        storeCall: (call) => call(),
        commit: context.commit,
        beforeRequest: async () => {},
        afterResponse: () => {},
      },
      window,
    );
  } catch (error) {
    if (classifyError(error) === 'transient') return context.outages.waitOut(describeFailure(error).message);
    context.onFatal?.(error);
    throw new UnrecoverableError(describeFailure(error).message);
  }
  if (ran.outcome !== 'deferred') {
    context.outages.cleared();
    return context.onWindow?.(window, ran.outcome);
  }
  if (classifyError(ran.error) === 'overload') {
    context.onWindow?.(window, 'rate_limited');
    await context.queue.rateLimit(backoffMs(job.attemptsMade + 1, retryAfterOf(ran.error), context.limits));
    throw Worker.RateLimitError();
  }
  if (reasonOf(ran.error) === 'service_unreachable')
    return context.outages.waitOut(
      `the service could not be reached (${describeFailure(ran.error).message})`,
    );
  // A 5xx of one window: the queue retries it with its attempts.
  throw ran.error;
}
