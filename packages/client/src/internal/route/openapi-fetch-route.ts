import { withSecrets } from '../../errors.js';
import { CALL, type CallState } from '../transport/call-state.js';
import { unreadResponse } from '../transport/reply/buffered-response.js';
import { asSvcError } from './as-svc-error.js';
import { type CallContext, callSecrets, checkBeforeSending, type FetchResult } from './call-context.js';

/** The slice of openapi-fetch's client that both call styles go through. */
export interface CoreClient extends CallContext {
  request(method: string, path: string, init: Record<string, unknown>): Promise<FetchResult>;
}

/** Sends through openapi-fetch; anything thrown comes out as a SvcError. */
export async function sendThroughOpenapiFetch(
  core: CoreClient,
  method: string,
  path: string,
  init: Record<string, unknown>,
  state: CallState,
): Promise<FetchResult> {
  const secrets = callSecrets(core, state);
  try {
    checkBeforeSending(core, init, state, secrets);
    init[CALL] = state;
    const result = await core.request(method, path, init);
    // openapi-fetch has read the body; the caller gets the response with its body unread, as fetch's.
    result.response = unreadResponse(result.response as Response);
    return result;
  } catch (error) {
    throw withSecrets(asSvcError(error, state), secrets);
  }
}
