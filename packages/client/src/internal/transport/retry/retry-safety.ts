// When a failed attempt may be sent again. A request that is not idempotent by HTTP (POST, PATCH)
// is repeated only when the service certainly did not process it, unless the client was told the
// header the service reads idempotency keys from: the default name is a convention, and a retry
// under a name the service ignores could create a second lab order.
import type { RequestHeaders } from '../../input/request-headers.js';

/** Methods safe to repeat whatever happened to the first attempt. */
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Connection failures that happen before a single byte of the request leaves: DNS, refused, unreachable. */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether any error in the cause chain says the connection was never made. */
export function neverSent(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    if (NEVER_SENT_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a response says the request was not processed: 429 (refused for rate), or 503 with a
 * Retry-After the client could read (the service asks to come back, rather than failing midway).
 */
export const notProcessed = (status: number, retryAfterMs: number | undefined): boolean =>
  status === 429 || (status === 503 && retryAfterMs !== undefined);

/** Whether any failure may be retried: repeatable by HTTP, or keyed under a header the client was told the service reads. */
export const repeatable = (
  method: string,
  headers: RequestHeaders,
  confirmedHeader: string | undefined,
): boolean =>
  REPEATABLE_METHODS.has(method) || (confirmedHeader !== undefined && headers.has(confirmedHeader));
