import { setMaxListeners } from 'node:events';
import { ProgressFeed } from '../../progress.js';
import type { SyncWindow } from '../../stores/store.js';
import type { RunResult, RunStatus, SyncRun } from '../../sync-types.js';
import { AimdLimiter } from '../pace/aimd.js';
import { retryCall } from '../pace/attempts.js';
import { RatePacer } from '../pace/rate-pacer.js';
import { RunHealth, StoppedShort } from '../pace/run-health.js';
import { type RunPacing, runPacing } from '../pace/run-pacing.js';
import { Slots } from '../pace/slots.js';
import { userBatchOf } from '../plan/backfill-windows.js';
import type { Settings } from '../settings.js';
import { publishLag } from './publish-lag.js';
import { runWindows, type UnreadWindow } from './run-windows.js';

/** Where a run's windows come from: planned as it goes (a backfill), read from the store, or an event's. */
export type WindowSource = (feed: ProgressFeed, planning: RunPacing) => AsyncIterable<SyncWindow>;

/**
 * Starts runs of one sync; they share its concurrency and rate controls. `asOf` is the run's end time,
 * or a function that fixes it once (a backfill fixes it when the first answers tell the service's time).
 */
export type StartRun = (
  asOf: string | (() => string),
  source: WindowSource,
  signal?: AbortSignal,
  /** A backfill's users: how many (undefined for a stream); the progress counts them and estimates by them. */
  users?: { total: number | undefined },
  onUnread?: UnreadWindow,
) => SyncRun;

/** A run left work pending and recorded no reason: a defect of the sync, never told as a cause it guessed. */
class MissingCauseError extends Error {
  override name = 'MissingCauseError';
  constructor() {
    super('the run left work pending without recording why (a defect of @svc/sync; please report it)');
  }
}

/** How a run ended, from its counters and what stopped it. */
function statusOf(settings: Settings, progress: RunResult['progress'], stopped: boolean): RunStatus {
  if (stopped || progress.windows.deferred > 0 || progress.users.deferred > 0) return 'incomplete';
  // A user or window that failed for good is the same outcome whether the rest was read or queued.
  if (progress.windows.failed > 0 || progress.users.failed > 0) return 'done_with_failures';
  return settings.dispatch ? 'queued' : 'done';
}

export function runStarter(settings: Settings): StartRun {
  const { limits } = settings;
  const limiter = new AimdLimiter(1, limits.maxConcurrency, limits.initialConcurrency);
  const controls = { limiter, pacer: new RatePacer(), slots: new Slots(limiter, limits.perUser) };
  return (asOf, source, signal, users, onUnread) => {
    const feed = new ProgressFeed(users !== undefined);
    if (users?.total !== undefined) feed.state.users.total = users.total;
    const health = new RunHealth();
    // Planning resolves a batch of users at once, each listening to this signal while it waits.
    const planning = new AbortController();
    setMaxListeners(4 * userBatchOf(limits) + 16, planning.signal);
    const stopPlanning = () => planning.abort(signal?.reason);
    if (signal?.aborted) stopPlanning();
    signal?.addEventListener('abort', stopPlanning, { once: true });
    const result = (async (): Promise<RunResult> => {
      try {
        const context = runPacing(settings, controls, feed, planning.signal, health);
        // Nothing is read or recorded for a store that holds another team's data.
        const bound = await retryCall(context, settings.bindTeam).then(
          () => true,
          (error: unknown) => {
            if (!(error instanceof StoppedShort)) throw error;
            // The store stayed out of reach: the run stops short before it starts.
            health.leftPending(error);
            planning.abort(error);
            return false;
          },
        );
        if (bound) {
          await runWindows(
            settings,
            controls,
            health,
            source(feed, context),
            feed,
            planning,
            signal,
            onUnread,
          );
          await publishLag(settings.store, settings.now());
        }
      } finally {
        signal?.removeEventListener('abort', stopPlanning);
        feed.finish();
      }
      const progress = feed.snapshot();
      const status = statusOf(settings, progress, planning.signal.aborted && !signal?.aborted);
      const end = { asOf: typeof asOf === 'string' ? asOf : asOf(), progress };
      if (status !== 'incomplete') return { status, ...end };
      // Work is left pending only with the error that left it on record: a guessed cause (it was "rate
      // limited") would send a partner after the wrong trouble, so a missing one is a defect, said as one.
      if (!health.cause) throw new MissingCauseError();
      return { status, cause: health.cause, ...end };
    })();
    // The outcome is read through `result`; a run nobody awaits must not crash the process.
    result.catch(() => {});
    return { result, [Symbol.asyncIterator]: () => feed[Symbol.asyncIterator]() };
  };
}
