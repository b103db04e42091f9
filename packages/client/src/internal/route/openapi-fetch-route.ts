import { withSecrets } from '../../errors.js';
import { CALL } from '../transport/call-state.js';
import { unreadResponse } from '../transport/reply/buffered-response.js';
import { asSvcError } from './as-svc-error.js';
import { type ClientContext, checkBeforeSending, type FetchResult, type RouteCall } from './call-context.js';

/** The slice of openapi-fetch's client that both call styles go through. */
export interface CoreClient extends ClientContext {
  request(method: string, path: string, init: Record<string, unknown>): Promise<FetchResult>;
}

/** Sends through openapi-fetch; anything thrown comes out as a SvcError. */
export async function sendThroughOpenapiFetch(
  core: CoreClient,
  call: RouteCall,
  init: Record<string, unknown>,
): Promise<FetchResult> {
  try {
    checkBeforeSending(core, init, call);
    init[CALL] = call;
    const result = await core.request(call.method, call.path, init);
    // openapi-fetch has read the body; the caller gets the response with its body unread, as fetch's.
    result.response = unreadResponse(result.response as Response);
    return result;
  } catch (error) {
    throw withSecrets(asSvcError(error, call), call.secrets);
  }
}
