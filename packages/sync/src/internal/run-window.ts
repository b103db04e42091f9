import { RateLimitError } from '@svc/client';
import { classifyError, describeFailure, retryAfterOf } from '../classify-error.js';
import type { SyncStore, SyncWindow } from '../store.js';
import type { AimdLimiter, Limits } from './aimd.js';
import type { RatePacer } from './rate-pacer.js';
import { readWindow, type SyncClient } from './read-window.js';
import { sleep } from './sleep.js';

/** What became of a window: committed, failed for good (recorded), or left pending after too many retries. */
export type WindowOutcome = 'done' | 'failed' | 'deferred';

export interface WindowRunContext {
  client: SyncClient;
  store: SyncStore;
  limiter: AimdLimiter;
  pacer: RatePacer;
  limits: Required<Limits>;
  signal: AbortSignal;
  onRequest: () => void;
  onRateLimited: () => void;
  onCommitted: (points: number) => void;
}

/** Waits out a `Retry-After` pause shared by every read, then counts the request. */
export async function beforeRequest(context: WindowRunContext): Promise<void> {
  for (let wait = context.limiter.pauseLeft(); wait > 0; wait = context.limiter.pauseLeft()) {
    await sleep(wait, context.signal);
  }
  await sleep(context.pacer.reserve(), context.signal);
  context.onRequest();
}

/** The wait before attempt `attempt + 1`: `Retry-After` when given, else exponential backoff with jitter. */
export function backoffMs(
  attempt: number,
  retryAfterMs: number | undefined,
  limits: Required<Limits>,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, limits.maxBackoffMs);
  const ceiling = Math.min(limits.maxBackoffMs, limits.baseBackoffMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * Runs one call with the sync's retry policy: overload (429/503) slows the whole sync down and is
 * retried after `Retry-After`; other transient errors are retried with backoff; a permanent error is
 * returned; a fatal one (refused key, aborted run) is thrown. After `maxAttempts` the call is deferred.
 */
export async function withAttempts<T>(
  context: WindowRunContext,
  call: () => Promise<T>,
): Promise<{ value: T } | { failure: unknown } | { deferred: true }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await call();
      // The pacer counts answered requests as they come (`call` may send several), the limiter windows.
      context.limiter.succeeded();
      return { value };
    } catch (error) {
      const kind = classifyError(error);
      if (kind === 'fatal') throw error;
      if (kind === 'permanent') return { failure: error };
      const retryAfterMs = retryAfterOf(error);
      if (error instanceof RateLimitError) {
        // A rate limit: send slower (the pacer), honour Retry-After; windows in flight are not the problem.
        context.onRateLimited();
        context.pacer.overloaded();
        context.limiter.paused(retryAfterMs);
      } else if (kind === 'overload') {
        // A 503: the service is overloaded, so fewer windows at once.
        context.limiter.overloaded(retryAfterMs);
      }
      if (attempt >= context.limits.maxAttempts) return { deferred: true };
      await sleep(
        Math.max(backoffMs(attempt, retryAfterMs, context.limits), context.limiter.pauseLeft()),
        context.signal,
      );
    }
  }
}

/** Reads a window and commits its rows with its checkpoint, or records why it cannot be read. */
export async function runWindow(context: WindowRunContext, window: SyncWindow): Promise<WindowOutcome> {
  let fetchedAt = '';
  const outcome = await withAttempts(context, () => {
    // The read's start time: a row stored from a read that started later is never overwritten by this one.
    fetchedAt = new Date().toISOString();
    return readWindow(
      context.client,
      window,
      () => beforeRequest(context),
      context.signal,
      () => context.pacer.succeeded(),
    );
  });
  if ('deferred' in outcome) return 'deferred';
  if ('failure' in outcome) {
    await context.store.failWindow(window, describeFailure(outcome.failure));
    return 'failed';
  }
  await context.store.commitWindow(window, outcome.value, fetchedAt);
  context.onCommitted(outcome.value.steps.length + outcome.value.summaries.length);
  return 'done';
}
