import { setMaxListeners } from 'node:events';
import type { ProgressFeed } from '../../progress.js';
import type { SyncWindow } from '../../stores/store.js';
import { retryCall } from '../pace/attempts.js';
import { type RunHealth, StoppedShort } from '../pace/run-health.js';
import { type Controls, type RunPacing, runPacing } from '../pace/run-pacing.js';
import type { Slots } from '../pace/slots.js';
import type { Settings } from '../settings.js';
import { inProcessRunner } from './in-process-runner.js';
import { runWindow } from './run-window.js';
import type { WindowOutcome } from './window-runner.js';

/** What a run tells of a window it read and did not store. */
export type UnreadWindow = (window: SyncWindow, outcome: Exclude<WindowOutcome, { outcome: 'done' }>) => void;

/** Hands a window to the queue, counted as what it did: one already waiting is not queued again. */
async function dispatchWindow(
  dispatch: NonNullable<Settings['dispatch']>,
  context: RunPacing,
  window: SyncWindow,
  feed: ProgressFeed,
): Promise<void> {
  const outcome = await retryCall(context, () => dispatch(window));
  feed.update((s) => {
    if (outcome === 'already_queued') s.windows.alreadyQueued++;
    else s.windows.queued++;
  });
}

/** Counts a window's outcome; one read and not stored is told, and a deferral is health's to judge. */
function countRan(
  window: SyncWindow,
  ran: WindowOutcome,
  health: RunHealth,
  feed: ProgressFeed,
  onUnread: UnreadWindow | undefined,
): void {
  if (ran.outcome !== 'done') onUnread?.(window, ran);
  if (ran.outcome === 'deferred') {
    health.leftPending(ran.error);
    health.checkDown(ran.error, ran.since);
  }
  feed.update((s) => {
    s.windows[ran.outcome]++;
    if (ran.outcome === 'done') s.points += ran.points;
  });
}

/** Frees a window's read slot once: when the window is read (see `frees`) or when its task ends. */
function freeOnce(frees: Map<SyncWindow, () => void>, window: SyncWindow, release: () => void): () => void {
  const free = () => {
    if (frees.delete(window)) release();
  };
  frees.set(window, free);
  return free;
}

/**
 * Runs windows as slots free up (or hands them to `dispatch`), counting each outcome (why work was left
 * pending goes to `health`); stops short (what is owed stays pending) when a dependency stays out of
 * reach; throws the first fatal error, once the windows in flight have ended.
 */
export async function runWindows(
  settings: Settings,
  controls: Controls & { slots: Slots },
  health: RunHealth,
  windows: AsyncIterable<SyncWindow>,
  feed: ProgressFeed,
  /** Stopped with the run: planning waits (users being resolved) end at once. */
  planning: AbortController,
  outer?: AbortSignal,
  /** Told of each window read and not stored: failed for good, or left pending past its retries. */
  onUnread?: UnreadWindow,
): Promise<void> {
  const controller = new AbortController();
  // Every window in flight listens to the run's signal (its waits and its requests): bounded by the limits.
  setMaxListeners(4 * settings.limits.maxConcurrency + 16, controller.signal);
  const stop = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', stop, { once: true });
  const context: RunPacing = runPacing(settings, controls, feed, controller.signal, health);
  // A window read frees its slot before its commit (unless the commits are behind): the next read starts
  // while the store works. Its task (counted, awaited at the end) still ends with the commit.
  const frees = new Map<SyncWindow, () => void>();
  const runner = inProcessRunner(settings, context, (window) => frees.get(window)?.());
  const tasks = new Set<Promise<void>>();
  let fatal: { error: unknown } | undefined;
  let stopped: StoppedShort | undefined;
  const end = (error: unknown) => {
    if (error instanceof StoppedShort) {
      stopped ??= error;
      health.leftPending(error);
    } else fatal ??= { error };
    controller.abort(error);
    planning.abort(error);
  };
  try {
    for await (const window of windows) {
      if (fatal || stopped) break;
      if (settings.dispatch) {
        await dispatchWindow(settings.dispatch, context, window, feed);
        continue;
      }
      const release = await controls.slots.acquire(window.userId, controller.signal);
      feed.update((s) => {
        s.concurrency = controls.limiter.limit;
      });
      const free = freeOnce(frees, window, () => {
        release();
        controls.slots.poke();
      });
      const task = runWindow(runner, window)
        .then((ran) => countRan(window, ran, health, feed, onUnread))
        .catch((error: unknown) => {
          // A window cut off by the run stopping short is still owed: it is left pending.
          const cutOff = stopped !== undefined && controller.signal.reason === stopped;
          if (error instanceof StoppedShort || cutOff)
            feed.update((s) => {
              s.windows.deferred++;
            });
          if (!cutOff) end(error);
        })
        .finally(() => {
          free();
          tasks.delete(task);
        });
      tasks.add(task);
    }
  } catch (error) {
    if (!(stopped && controller.signal.reason === stopped)) end(error);
  } finally {
    await Promise.all(tasks);
    outer?.removeEventListener('abort', stop);
  }
  if (fatal) throw fatal.error;
  if (stopped)
    // Windows planned and never tried are owed too: the next run reads them.
    feed.update((s) => {
      const w = s.windows;
      w.deferred += Math.max(0, w.planned - w.done - w.failed - w.deferred - w.queued - w.alreadyQueued);
    });
}
