import { ConnectionError, SvcError, TimeoutError } from '../../../errors.js';
import { abortError } from './abort-error.js';

/**
 * What a failed attempt throws, whichever transport sent it: TimeoutError when its timer fired,
 * AbortError when the caller's signal did, a SvcError as it is, else ConnectionError (no response).
 */
export function attemptFailure(
  error: unknown,
  timedOut: boolean,
  caller: AbortSignal | undefined,
  timeoutMs: number,
  what: string,
): SvcError {
  if (timedOut) return new TimeoutError(`${what} timed out after ${timeoutMs} ms`, { cause: error });
  if (caller?.aborted) return abortError(caller);
  if (error instanceof SvcError) return error;
  const reason = error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : '';
  return new ConnectionError(`${what} failed: no response from the service${reason ? ` (${reason})` : ''}`, {
    cause: error,
  });
}
