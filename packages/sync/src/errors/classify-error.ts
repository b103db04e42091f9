import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  ResponseTooLargeError,
  ValidationError,
} from '@svc/client';
import { QueueUnavailableError, ServiceClockError, StoreUnavailableError } from './errors.js';
import { redactSecrets } from './redact-secrets.js';

/**
 * How a failed call is handled:
 * - `overload`: 429 or 503; the service asks for less: slow down (honouring `Retry-After`) and retry.
 * - `transient`: another 5xx, 408, a dropped connection or a timeout, the store or the queue out of
 *   reach: retry with backoff.
 * - `permanent`: the request itself is refused (400, 404, 422, a malformed answer, an answer over the
 *   client's `maxResponseBytes`, a page walk that would not end, an id the client will not send): record
 *   it for that user or window, go on.
 * - `fatal`: the key is refused (401, 403), the run was aborted, or an unexpected error: stop the run.
 */
export type ErrorClass = 'overload' | 'transient' | 'permanent' | 'fatal';

export function classifyError(error: unknown): ErrorClass {
  if (error instanceof RateLimitError) return 'overload';
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) return 'fatal';
  if (error instanceof ApiError) {
    if (error.status === 503) return 'overload';
    if (error.status >= 500 || error.status === 408) return 'transient';
    return 'permanent';
  }
  if (error instanceof AbortError) return 'fatal';
  // TimeoutError is a ConnectionError.
  if (error instanceof ConnectionError) return 'transient';
  if (error instanceof StoreUnavailableError || error instanceof QueueUnavailableError) return 'transient';
  // The service's clock far ahead: the same in the next answer, so the run stops short (run-health.ts).
  if (error instanceof ServiceClockError) return 'transient';
  // Refused before it was sent (a user id that is not one): that user's input, not the run's.
  if (error instanceof ValidationError) return 'permanent';
  // The same read gets the same answer: over the client's size limit, it is that window's to record.
  if (error instanceof ResponseParseError || error instanceof ResponseTooLargeError) return 'permanent';
  if (error instanceof PaginationError) return 'permanent';
  if (error instanceof Error && error.name === 'ShapeError') return 'permanent';
  return 'fatal';
}

/** Why work was left for the next run: what stayed out of reach past every retry. */
export type IncompleteReason =
  | 'rate_limited'
  | 'service_unreachable'
  | 'service_error'
  | 'service_clock'
  | 'store_unavailable'
  | 'queue_unavailable';

/** The reason a retryable error stands for. */
export function reasonOf(error: unknown): IncompleteReason {
  if (error instanceof StoreUnavailableError) return 'store_unavailable';
  if (error instanceof QueueUnavailableError) return 'queue_unavailable';
  if (error instanceof ServiceClockError) return 'service_clock';
  if (error instanceof RateLimitError) return 'rate_limited';
  if (error instanceof ApiError) return 'service_error';
  return 'service_unreachable';
}

/**
 * The longest a `Retry-After` pauses the sync: a larger value pauses this long, then the reads go on (the
 * client, whose own ceiling is also a minute, hands such an answer back as an error rather than wait).
 */
const LONGEST_RETRY_AFTER_PAUSE_MS = 60_000;

/** How long the service asked to wait (`Retry-After` of a 429 or 503, at most a minute), when it said. */
export function retryAfterOf(error: unknown): number | undefined {
  const asked = askedWait(error);
  return asked === undefined ? undefined : Math.min(asked, LONGEST_RETRY_AFTER_PAUSE_MS);
}

function askedWait(error: unknown): number | undefined {
  if (error instanceof RateLimitError) return error.retryAfterMs;
  if (error instanceof ApiError) {
    const header = error.headers.get('retry-after');
    if (header === null) return undefined;
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(header);
    return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
  }
  return undefined;
}

/** What a permanent failure is recorded as: the typed error's class, status and message (no secret in it). */
export function describeFailure(error: unknown): { error: string; status: number | null; message: string } {
  const status = error instanceof ApiError ? error.status : null;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return { error: name, status, message: redactSecrets(message).slice(0, 500) };
}
