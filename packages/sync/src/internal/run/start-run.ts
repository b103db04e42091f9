import { setMaxListeners } from 'node:events';
import { ProgressFeed } from '../../progress.js';
import type { SyncWindow } from '../../store.js';
import type { RunResult, RunStatus, SyncRun } from '../../sync-types.js';
import { AimdLimiter } from '../pace/aimd.js';
import { type CallContext, callContext } from '../pace/call-context.js';
import { RatePacer } from '../pace/rate-pacer.js';
import { Slots } from '../pace/slots.js';
import { userBatchOf } from '../plan/backfill-windows.js';
import type { Settings } from '../settings.js';
import { runWindows } from './run-windows.js';

/** Where a run's windows come from: planned as it goes (a backfill), read from the store, or an event's. */
export type WindowSource = (feed: ProgressFeed, planning: CallContext) => AsyncIterable<SyncWindow>;

/** Starts runs of one sync; they share its concurrency and rate controls. */
export type StartRun = (asOf: string, source: WindowSource, signal?: AbortSignal) => SyncRun;

/** How a run ended, from its counters. */
function statusOf(settings: Settings, progress: RunResult['progress']): RunStatus {
  if (settings.dispatch) return 'queued';
  if (progress.windows.deferred > 0 || progress.users.deferred > 0) return 'incomplete';
  if (progress.windows.failed > 0 || progress.users.failed > 0) return 'done_with_failures';
  return 'done';
}

export function runStarter(settings: Settings): StartRun {
  const { limits } = settings;
  const limiter = new AimdLimiter(1, limits.maxConcurrency, limits.initialConcurrency);
  const controls = { limiter, pacer: new RatePacer(), slots: new Slots(limiter, limits.perUser) };
  return (asOf, source, signal) => {
    const feed = new ProgressFeed();
    // Planning resolves a batch of users at once, each listening to this signal while it waits.
    const planning = new AbortController();
    setMaxListeners(4 * userBatchOf(limits) + 16, planning.signal);
    const stopPlanning = () => planning.abort(signal?.reason);
    if (signal?.aborted) stopPlanning();
    signal?.addEventListener('abort', stopPlanning, { once: true });
    const result = (async (): Promise<RunResult> => {
      try {
        const windows = source(feed, callContext(settings, controls, feed, planning.signal));
        await runWindows(settings, controls, windows, feed, signal);
      } finally {
        signal?.removeEventListener('abort', stopPlanning);
        feed.finish();
      }
      const progress = feed.snapshot();
      return { status: statusOf(settings, progress), asOf, progress };
    })();
    // The outcome is read through `result`; a run nobody awaits must not crash the process.
    result.catch(() => {});
    return { result, [Symbol.asyncIterator]: () => feed[Symbol.asyncIterator]() };
  };
}
