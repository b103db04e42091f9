import { ResponseParseError, SvcError, ValidationError, withSecrets } from '../errors.js';
import { CALL, type CallState } from './call-state.js';
import { checkCallOptions } from './check-call-options.js';
import { Secrets } from './redact.js';

export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What every call needs from its client, whichever way it is sent. */
export interface CallContext {
  /** The client's own secrets (API key, secret headers); each call chains its own to them. */
  secrets: Secrets;
  /** The header idempotency keys are sent under (the confirmed `idempotencyHeader`, else the default). */
  idempotencyHeader: string;
}

/** The slice of openapi-fetch's client that both call styles go through. */
export interface CoreClient extends CallContext {
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
  const secrets = callSecrets(core, state);
  try {
    checkBeforeSending(core, init, state, secrets);
    init[CALL] = state;
    return await core.request(method, path, init);
  } catch (error) {
    throw withSecrets(asSvcError(error, state), secrets);
  }
}

/** The call's own secrets, chained to the client's, kept on the call state. */
export function callSecrets(context: CallContext, state: CallState): Secrets {
  const secrets = new Secrets(context.secrets);
  state.secrets = secrets;
  return secrets;
}

/** What both ways of sending check first: the secrets to redact, and the per-call options. */
export function checkBeforeSending(
  context: CallContext,
  init: Record<string, unknown>,
  state: CallState,
  secrets: Secrets,
): void {
  const header = (init.params as { header?: Record<string, unknown> } | undefined)?.header;
  // Registered before anything can fail, so even an error raised while building the request is
  // scrubbed; read without constructing Headers, which throws (quoting the value) on bad input.
  secrets.addHeaders(header);
  secrets.addHeaders(init.headers);
  checkCallOptions({
    timeoutMs: state.timeoutMs,
    maxRetries: state.maxRetries,
    idempotencyKey: header?.[context.idempotencyHeader],
  });
}

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
      response.headers,
      `${what} answered ${response.status} with a body that is not valid JSON (content-type: ${type}): ${reason}`,
      error,
    );
  }
  // Thrown before the retrying fetch ran: openapi-fetch could not build the request from the input
  // (a BigInt in a JSON body, a lone surrogate in a parameter, a header value fetch refuses).
  if (
    !state.sent &&
    (error instanceof TypeError || error instanceof URIError || error instanceof RangeError)
  ) {
    return new ValidationError('request', `${what}: ${reason}`);
  }
  return new SvcError(`${what} failed: ${reason}`, { cause: error });
}
