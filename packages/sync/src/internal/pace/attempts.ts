import { RateLimitError } from '@svc/client';
import { classifyError, retryAfterOf } from '../../errors/classify-error.js';
import type { Limits } from '../../limits.js';
import type { AimdLimiter } from './aimd.js';
import type { RatePacer } from './rate-pacer.js';
import { causeOf, StoppedShort } from './run-health.js';
import { sleep } from './sleep.js';

/** What one call came to: its value, a permanent failure to record, or a retryable error past every attempt. */
export type RetryOutcome<T> = { value: T } | { failure: unknown } | { deferred: unknown };

/** What the in-process retry policy reads and tells. */
export interface RetryContext {
  limiter: AimdLimiter;
  pacer: RatePacer;
  limits: Required<Limits>;
  signal: AbortSignal;
  onRateLimited: () => void;
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
  context: RetryContext,
  call: () => Promise<T>,
): Promise<RetryOutcome<T>> {
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
      // However long the service asks for, a wait is bounded by the sync's own longest backoff.
      const asked = retryAfterOf(error);
      const retryAfterMs = asked === undefined ? undefined : Math.min(asked, context.limits.maxBackoffMs);
      if (error instanceof RateLimitError) {
        // A rate limit: send slower (the pacer), honour Retry-After; windows in flight are not the problem.
        context.onRateLimited();
        context.pacer.overloaded();
        context.limiter.paused(retryAfterMs);
      } else if (kind === 'overload') {
        // A 503: the service is overloaded, so fewer windows at once.
        context.limiter.overloaded(retryAfterMs);
      }
      if (attempt >= context.limits.maxAttempts) return { deferred: error };
      await sleep(
        Math.max(backoffMs(attempt, retryAfterMs, context.limits), context.limiter.pauseLeft()),
        context.signal,
      );
    }
  }
}

/**
 * One attempt, the queue's way: a BullMQ job is retried by the queue, so a retryable error is handed
 * back (`deferred`) for the worker to requeue; a permanent one is recorded; a fatal one is thrown.
 */
export async function onceAttempt<T>(call: () => Promise<T>): Promise<RetryOutcome<T>> {
  try {
    return { value: await call() };
  } catch (error) {
    const kind = classifyError(error);
    if (kind === 'fatal') throw error;
    return kind === 'permanent' ? { failure: error } : { deferred: error };
  }
}

/**
 * A call to the store or the queue with the sync's backoff: retried while it is out of reach, then the
 * run stops short (StoppedShort), leaving what is owed pending. Other errors are thrown as they are.
 */
export async function retryCall<T>(
  context: Pick<RetryContext, 'limits' | 'signal'>,
  call: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (classifyError(error) !== 'transient') throw error;
      if (attempt >= context.limits.maxAttempts) throw new StoppedShort(causeOf(error));
      await sleep(backoffMs(attempt, undefined, context.limits), context.signal);
    }
  }
}
