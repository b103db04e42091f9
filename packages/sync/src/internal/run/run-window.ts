import { describeFailure } from '../../classify-error.js';
import type { SyncStore, SyncWindow } from '../../store.js';
import type { SyncClient } from '../../sync-client.js';
import type { Attempt } from '../pace/attempts.js';
import { readWindow } from './read-window.js';

/**
 * How one window is run, in a sync's process or in a BullMQ worker: the same read and commit, with the
 * caller's retry policy (`attempt`) and request pacing.
 */
export interface WindowRunner {
  client: SyncClient;
  store: SyncStore;
  signal?: AbortSignal;
  /** Runs the read with the caller's retry policy. */
  attempt: <T>(call: () => Promise<T>) => Promise<Attempt<T>>;
  /** Before every request the window sends (a steps window sends one per page). */
  beforeRequest: () => Promise<void>;
  /** After every answer that is not an error. */
  afterResponse: () => void;
}

/** What became of a window: committed, failed for good (recorded), or left pending (`error`: the last retryable one). */
export type WindowOutcome =
  | { outcome: 'done'; points: number }
  | { outcome: 'failed' }
  | { outcome: 'deferred'; error: unknown };

/** Reads a window and commits its rows with its checkpoint, or records why it cannot be read. */
export async function runWindow(runner: WindowRunner, window: SyncWindow): Promise<WindowOutcome> {
  let fetchedAt = '';
  const attempt = await runner.attempt(() => {
    // The read's start time: a row stored from a read that started later is never overwritten by this one.
    fetchedAt = new Date().toISOString();
    return readWindow(runner.client, window, runner.beforeRequest, runner.signal, runner.afterResponse);
  });
  if ('deferred' in attempt) return { outcome: 'deferred', error: attempt.deferred };
  if ('failure' in attempt) {
    await runner.store.failWindow(window, describeFailure(attempt.failure));
    return { outcome: 'failed' };
  }
  await runner.store.commitWindow(window, attempt.value, fetchedAt);
  return { outcome: 'done', points: attempt.value.steps.length + attempt.value.summaries.length };
}
