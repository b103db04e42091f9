import { setMaxListeners } from 'node:events';
import type { ProgressFeed } from '../../progress.js';
import type { SyncWindow } from '../../store.js';
import { type Controls, callContext } from '../pace/call-context.js';
import type { Slots } from '../pace/slots.js';
import type { Settings } from '../settings.js';
import { inProcessRunner } from './in-process-runner.js';
import { runWindow } from './run-window.js';

/**
 * Runs windows as slots free up (or hands them to `dispatch`), counting each outcome. Throws the first
 * fatal error, once the windows in flight have ended.
 */
export async function runWindows(
  settings: Settings,
  controls: Controls & { slots: Slots },
  windows: AsyncIterable<SyncWindow>,
  feed: ProgressFeed,
  outer?: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  // Every window in flight listens to the run's signal (its waits and its requests): bounded by the limits.
  setMaxListeners(4 * settings.limits.maxConcurrency + 16, controller.signal);
  const stop = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', stop, { once: true });
  const context = callContext(settings, controls, feed, controller.signal);
  const runner = inProcessRunner(settings, context);
  const tasks = new Set<Promise<void>>();
  let fatal: { error: unknown } | undefined;
  try {
    for await (const window of windows) {
      if (fatal) break;
      if (settings.dispatch) {
        await settings.dispatch(window);
        feed.update((s) => {
          s.windows.queued++;
        });
        continue;
      }
      const release = await controls.slots.acquire(window.userId, controller.signal);
      feed.update((s) => {
        s.concurrency = controls.limiter.limit;
      });
      const task = runWindow(runner, window)
        .then((ran) =>
          feed.update((s) => {
            s.windows[ran.outcome]++;
            if (ran.outcome === 'done') s.points += ran.points;
          }),
        )
        .catch((error: unknown) => {
          fatal ??= { error };
          controller.abort(error);
        })
        .finally(() => {
          release();
          controls.slots.poke();
          tasks.delete(task);
        });
      tasks.add(task);
    }
  } catch (error) {
    fatal ??= { error };
    controller.abort(error);
  } finally {
    await Promise.all(tasks);
    outer?.removeEventListener('abort', stop);
  }
  if (fatal) throw fatal.error;
}
