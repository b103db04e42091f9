// When a call sends another attempt, and after how long: the decisions of the transport's attempt loop.
// Which failures may be sent again at all (by method, by idempotency key) is in retry-safety.ts.
import { AbortError, ApiError, ResponseTooLargeError } from '../../../errors.js';
import { parseRetryAfter } from '../../retry-after.js';
import type { Reply } from '../reply/reply.js';
import { backoffDelay } from './backoff.js';
import { neverSent, notProcessed } from './retry-safety.js';

/** Statuses worth another attempt; 501 (and every other status) never is. */
export const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** A server asking for a longer wait than this gets its error back instead of a silent minute-long stall. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A failure that ends the call whatever retries are left: an abort, an answer, an answer too large. */
export const isFinal = (error: unknown): boolean =>
  error instanceof AbortError || error instanceof ApiError || error instanceof ResponseTooLargeError;

/**
 * The wait before sending the call again after attempt `retry` failed without an answer, or undefined
 * when it is not sent again. `anyFailure`: the call may be repeated after any failure (retry-safety.ts);
 * otherwise only after one that certainly sent nothing.
 */
export function waitAfterFailure(
  error: unknown,
  final: boolean,
  retry: number,
  maxRetries: number,
  anyFailure: boolean,
  random: (() => number) | undefined,
): number | undefined {
  return retry < maxRetries && !final && (anyFailure || neverSent(error))
    ? backoffDelay(retry, random)
    : undefined;
}

/**
 * The wait before sending the call again after attempt `retry` was answered, or undefined when the answer
 * is the call's: its `Retry-After` when it gives one (up to MAX_RETRY_AFTER_MS), else the backoff.
 */
export function waitAfterAnswer(
  reply: Reply,
  retry: number,
  maxRetries: number,
  anyFailure: boolean,
  random: (() => number) | undefined,
): number | undefined {
  if (retry >= maxRetries || !RETRYABLE_STATUSES.has(reply.status)) return undefined;
  const after = parseRetryAfter(reply.headers.get('retry-after'));
  if (!(anyFailure || notProcessed(reply.status, after))) return undefined;
  if (after === undefined) return backoffDelay(retry, random);
  return after <= MAX_RETRY_AFTER_MS ? after : undefined;
}
