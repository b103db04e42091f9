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
import type { WindowOutcome, WindowRunner } from './window-runner.js';

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

/**
 * Windows that may wait for a read slot, per slot: enough that the windows of users at the per-user cap
 * never hold back those of other users behind them (a batch's windows come round robin across its
 * users), few enough that a stalled user's windows cannot pile up without bound.
 */
const LOOKAHEAD_PER_SLOT = 4;

/** Frees a window's read slot once: when the window is read (see `frees`) or when its task ends. */
function freeOnce(frees: Map<SyncWindow, () => void>, window: SyncWindow, release: () => void): () => void {
  const free = () => {
    if (frees.delete(window)) release();
  };
  frees.set(window, free);
  return free;
}

/** What a window's outcome goes to: the run's health, progress and listener, and its end on a failure. */
interface Outcomes {
  health: RunHealth;
  feed: ProgressFeed;
  onUnread: UnreadWindow | undefined;
  /** Whether the run stopped short: a window it cut off is left pending, not a failure. */
  cutOff: () => boolean;
  end: (error: unknown) => void;
}

/** A window's task: its outcome counted, or its failure deferred (cut off) or ending the run. */
function counted(ran: Promise<WindowOutcome>, window: SyncWindow, outcomes: Outcomes): Promise<void> {
  const { health, feed, onUnread, cutOff, end } = outcomes;
  return ran
    .then((outcome) => countRan(window, outcome, health, feed, onUnread))
    .catch((error: unknown) => {
      // A window cut off by the run stopping short is still owed: it is left pending.
      const stoppedShort = cutOff();
      if (error instanceof StoppedShort || stoppedShort)
        feed.update((s) => {
          s.windows.deferred++;
        });
      if (!stoppedShort) end(error);
    });
}

/** What starting a window takes from its run. */
interface RunParts {
  controls: Controls & { slots: Slots };
  frees: Map<SyncWindow, () => void>;
  runner: WindowRunner;
  tasks: Set<Promise<void>>;
  outcomes: Outcomes;
}

/** A window with its slot: read and committed, its outcome counted, its slot freed once read. */
function startWindow(parts: RunParts, window: SyncWindow, release: () => void): void {
  const { controls, frees, runner, tasks, outcomes } = parts;
  outcomes.feed.update((s) => {
    s.concurrency = controls.limiter.limit;
  });
  const free = freeOnce(frees, window, () => {
    release();
    controls.slots.poke();
  });
  const task = counted(runWindow(runner, window), window, outcomes).finally(() => {
    free();
    tasks.delete(task);
  });
  tasks.add(task);
}

/**
 * Windows waiting for a read slot, at most `bound` at once: `room()` waits until one more may, `add`
 * counts one until its wait settles (it never rejects), `drained()` waits until none is left.
 */
function waitingLine(bound: number) {
  let waiting = 0;
  let wake: (() => void) | undefined;
  // One waiter at a time: the loop that adds, or the run's end.
  const oneLeft = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    async room(): Promise<void> {
      while (waiting >= bound) await oneLeft();
    },
    add(wait: Promise<void>): void {
      waiting++;
      void wait.finally(() => {
        waiting--;
        const woken = wake;
        wake = undefined;
        woken?.();
      });
    },
    async drained(): Promise<void> {
      while (waiting > 0) await oneLeft();
    },
  };
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
  // Every window in flight listens to the run's signal (its waits and its requests), and so does every
  // window waiting for a slot: bounded by the limits.
  setMaxListeners((4 + LOOKAHEAD_PER_SLOT) * settings.limits.maxConcurrency + 16, controller.signal);
  const stop = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', stop, { once: true });
  const context: RunPacing = runPacing(settings, controls, feed, controller.signal, health);
  // A window read frees its slot before its commit (unless the commits are behind): the next read starts
  // while the store works. Its task (counted, awaited at the end) still ends with the commit.
  const frees = new Map<SyncWindow, () => void>();
  const runner = inProcessRunner(settings, context, (window) => frees.get(window)?.());
  const tasks = new Set<Promise<void>>();
  const waiting = waitingLine(LOOKAHEAD_PER_SLOT * settings.limits.maxConcurrency);
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
  const stoppedShort = () => stopped !== undefined && controller.signal.reason === stopped;
  /** A failure to get a slot or a window: the run's stop itself, or a fatal error. */
  const refused = (error: unknown) => {
    if (!stoppedShort()) end(error);
  };
  const parts: RunParts = {
    controls,
    frees,
    runner,
    tasks,
    outcomes: { health, feed, onUnread, cutOff: stoppedShort, end },
  };
  try {
    for await (const window of windows) {
      if (fatal || stopped) break;
      if (settings.dispatch) {
        await dispatchWindow(settings.dispatch, context, window, feed);
        continue;
      }
      // Windows wait for a slot in the slots' queue, up to `lookahead` of them: one whose user is at the
      // per-user cap waits there while the windows behind it, of other users, take the free slots.
      await waiting.room();
      waiting.add(
        controls.slots
          .acquire(window.userId, controller.signal)
          .then((release) => startWindow(parts, window, release))
          .catch(refused),
      );
    }
  } catch (error) {
    refused(error);
  } finally {
    // Every window waiting for a slot is started (or refused, once the run is stopped), then all end.
    await waiting.drained();
    await Promise.all(tasks);
    outer?.removeEventListener('abort', stop);
  }
  if (fatal) throw fatal.error;
  if (stopped) deferNeverTried(feed);
}

/** Windows planned and never tried by a run stopped short are owed too: the next run reads them. */
function deferNeverTried(feed: ProgressFeed): void {
  feed.update((s) => {
    const w = s.windows;
    w.deferred += Math.max(0, w.planned - w.done - w.failed - w.deferred - w.queued - w.alreadyQueued);
  });
}
