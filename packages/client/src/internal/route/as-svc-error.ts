import { ResponseParseError, SvcError, ValidationError } from '../../errors.js';
import type { CallState } from '../transport/call-state.js';
import { responseOf } from '../transport/reply/reply.js';

/** Anything thrown while sending, as a SvcError: bad input (before sending), bad body, or a failure. */
export function asSvcError(error: unknown, state: CallState): SvcError {
  if (error instanceof SvcError) return error;
  const { response, what } = state;
  const reason = error instanceof Error ? error.message : String(error);
  // openapi-fetch parses a success body with JSON.parse; a SyntaxError after a response is a bad body.
  if (response && error instanceof SyntaxError) {
    const type = response.headers.get('content-type') ?? 'none';
    return new ResponseParseError(
      response.status,
      responseOf(response).headers,
      `${what} answered ${response.status} with a body that is not valid JSON (content-type: ${type}): ${reason}`,
      error,
    );
  }
  // Thrown before the transport ran: openapi-fetch could not build the request from the input
  // (a BigInt in a JSON body, a lone surrogate in a parameter, a header value fetch refuses).
  if (
    !state.sent &&
    (error instanceof TypeError || error instanceof URIError || error instanceof RangeError)
  ) {
    return new ValidationError('request', `${what}: ${reason}`);
  }
  return new SvcError(`${what} failed: ${reason}`, { cause: error });
}
