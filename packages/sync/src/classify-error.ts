import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
} from '@svc/client';

/**
 * How a failed read is handled:
 * - `overload`: 429 or 503; the service asks for less: slow down (honouring `Retry-After`) and retry.
 * - `transient`: another 5xx, 408, a dropped connection or a timeout: retry with backoff.
 * - `permanent`: the request itself is refused (400, 404, 422, a malformed answer, a page walk that
 *   would not end): record it, go on.
 * - `fatal`: the key is refused (401, 403), the run was aborted, or the store failed: stop the run.
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
  if (error instanceof ResponseParseError || error instanceof PaginationError) return 'permanent';
  if (error instanceof Error && error.name === 'ShapeError') return 'permanent';
  return 'fatal';
}

/** How long the service asked to wait (`Retry-After` of a 429 or 503), when it said. */
export function retryAfterOf(error: unknown): number | undefined {
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

/** What a permanent failure is recorded as: the typed error's class, status and message. */
export function describeFailure(error: unknown): { error: string; status: number | null; message: string } {
  const status = error instanceof ApiError ? error.status : null;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return { error: name, status, message: message.slice(0, 500) };
}
