import { abortError } from '../abort/abort-error.js';
import { linkAbort, unlinkAbort } from '../abort/abort-fanout.js';
import { attemptFailure } from '../abort/attempt-failure.js';
import type { AttemptLimits } from '../http-client.js';
import { isRedirect } from '../reply/answer-error.js';
import { bufferedResponse } from '../reply/buffered-response.js';
import { readBody } from './read-body.js';

/** Statuses whose Response must have a null body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** One attempt's abort controller, aborted by the caller's signal (via the fan-out) or by the timeout. */
class AttemptController extends AbortController {
  timedOut = false;
}

function onTimeout(attempt: AttemptController): void {
  attempt.timedOut = true;
  attempt.abort();
}

/** One fetch of an attempt, given the attempt's signal (its only one: the timeout and the caller's abort). */
export type AttemptFetch = (signal: AbortSignal) => Promise<Response>;

/**
 * Sends one attempt over fetch and reads the whole body (at most `maxResponseBytes`) under the same timeout, so a
 * stalled body is a TimeoutError and the caller can decide on a retry. Returns the Response with its body in memory
 * (see reply/buffered-response.ts); a redirect's unread. No timer or listener outlives it.
 */
export async function fetchAttempt(
  fetchOnce: AttemptFetch,
  { signal: caller, timeoutMs, what, maxResponseBytes }: AttemptLimits,
): Promise<Response> {
  if (caller?.aborted) throw abortError(caller);
  const attempt = new AttemptController();
  if (caller) linkAbort(caller, attempt);
  const timer = setTimeout(onTimeout, timeoutMs, attempt);
  try {
    const response = await fetchOnce(attempt.signal);
    if (response.type === 'opaqueredirect' || isRedirect(response.status)) {
      // Never followed nor read: the transport refuses it. A body that already failed rejects its
      // cancel: nobody waits for it, so it must not go unhandled.
      response.body?.cancel().catch(() => {});
      attempt.abort();
      return response;
    }
    return NULL_BODY.has(response.status)
      ? response
      : bufferedResponse(response, await readBody(response, maxResponseBytes, what));
  } catch (error) {
    // A refused answer's connection goes too (a custom fetch learns it from the signal).
    attempt.abort();
    throw attemptFailure(error, attempt.timedOut, caller, timeoutMs, what);
  } finally {
    clearTimeout(timer);
    if (caller) unlinkAbort(caller, attempt);
  }
}
