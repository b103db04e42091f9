import { describeFailure } from '../../errors/classify-error.js';
import type { SyncWindow } from '../../stores/store.js';
import { readWindow } from './read-window.js';
import { traceWindow, windowListened } from './trace-window.js';
import type { WindowOutcome, WindowRunner } from './window-runner.js';

/**
 * Reads a window and commits its rows with its checkpoint (alone, or in the runner's group commit), or
 * records why it cannot be read; published for tracing (trace-window.ts) only while someone listens.
 */
export function runWindow(runner: WindowRunner, window: SyncWindow): Promise<WindowOutcome> {
  return windowListened() ? traceWindow(runner, window, readAndCommit) : readAndCommit(runner, window);
}

async function readAndCommit(runner: WindowRunner, window: SyncWindow): Promise<WindowOutcome> {
  const since = Date.now();
  let fetchedAt = '';
  const attempt = await runner.attempt(() => {
    // The read's start time: a row stored from a read that started later is never overwritten by this one.
    fetchedAt = new Date().toISOString();
    return readWindow(runner.client, window, runner.beforeRequest, runner.signal, runner.afterResponse);
  });
  if ('deferred' in attempt) return { outcome: 'deferred', error: attempt.deferred, since };
  if ('failure' in attempt) {
    const failure = describeFailure(attempt.failure);
    await runner.storeCall(() => runner.store.failWindow(window, failure));
    return { outcome: 'failed', failure };
  }
  const rows = attempt.value;
  runner.readDone?.(window);
  if (runner.commit) await runner.commit({ window, rows, fetchedAt });
  else await runner.storeCall(() => runner.store.commitWindow(window, rows, fetchedAt));
  return { outcome: 'done', points: rows.steps.length + rows.summaries.length };
}
