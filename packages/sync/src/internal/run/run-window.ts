import { describeFailure } from '../../classify-error.js';
import type { SyncStore, SyncWindow } from '../../store.js';
import type { SyncClient } from '../../sync-client.js';
import type { Attempt } from '../pace/attempts.js';
import { readWindow } from './read-window.js';
import { traceWindow, windowListened } from './trace-window.js';

/**
 * How one window is run, in a sync's process or in a BullMQ worker: the same read and commit, with the
 * caller's retry policy (`attempt` for the service, `storeCall` for the store) and request pacing.
 */
export interface WindowRunner {
  client: SyncClient;
  store: SyncStore;
  signal?: AbortSignal;
  /** Runs the read with the caller's retry policy. */
  attempt: <T>(call: () => Promise<T>) => Promise<Attempt<T>>;
  /** Runs a store write with the caller's retry policy for the store. */
  storeCall: <T>(call: () => Promise<T>) => Promise<T>;
  /** Before every request the window sends (a steps window sends one per page). */
  beforeRequest: () => Promise<void>;
  /** After every answer that is not an error (with the answer, when the call gives it). */
  afterResponse: (response?: Response) => void;
}

/**
 * What became of a window: committed, failed for good (recorded), or left pending (`error`: the last
 * retryable one; `since`: when its first attempt started).
 */
export type WindowOutcome =
  | { outcome: 'done'; points: number }
  | { outcome: 'failed' }
  | { outcome: 'deferred'; error: unknown; since: number };

/**
 * Reads a window and commits its rows with its checkpoint, or records why it cannot be read; published
 * for tracing (trace-window.ts) only while someone listens.
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
    return { outcome: 'failed' };
  }
  const rows = attempt.value;
  await runner.storeCall(() => runner.store.commitWindow(window, rows, fetchedAt));
  return { outcome: 'done', points: rows.steps.length + rows.summaries.length };
}
