import { ResponseParseError, SvcError } from '../errors.js';
import { CALL, type CallState } from './call-state.js';

export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The slice of openapi-fetch's client that both call styles go through. */
export interface CoreClient {
  request(method: string, path: string, init: Record<string, unknown>): Promise<FetchResult>;
}

/** Sends through openapi-fetch; anything thrown comes out as a SvcError. */
export async function send(
  core: CoreClient,
  method: string,
  path: string,
  init: Record<string, unknown>,
  state: CallState,
): Promise<FetchResult> {
  init[CALL] = state;
  try {
    return await core.request(method, path, init);
  } catch (error) {
    throw asSvcError(error, state);
  }
}

function asSvcError(error: unknown, state: CallState): SvcError {
  if (error instanceof SvcError) return error;
  const { response, what } = state;
  const reason = error instanceof Error ? error.message : String(error);
  // openapi-fetch parses a success body with JSON.parse; a SyntaxError after a response is a bad body.
  if (response && error instanceof SyntaxError) {
    const type = response.headers.get('content-type') ?? 'none';
    return new ResponseParseError(
      response.status,
      response.headers,
      `${what} answered ${response.status} with a body that is not valid JSON (content-type: ${type}): ${reason}`,
      error,
    );
  }
  return new SvcError(`${what} failed: ${reason}`, { cause: error });
}
