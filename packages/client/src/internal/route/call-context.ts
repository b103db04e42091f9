import { checkCallOptions } from '../input/check-call-options.js';
import { Secrets } from '../redact.js';
import type { CallState } from '../transport/call-state.js';
import type { Reply } from '../transport/reply/reply.js';

export interface FetchResult {
  data?: unknown;
  error?: unknown;
  /** A Response, or over node:http a reply that makes one on request (see transport/reply/reply.ts). */
  response: Reply;
}

/** What every call needs from its client, whichever way it is sent. */
export interface CallContext {
  /** The client's own secrets (API key, secret headers); each call chains its own to them. */
  secrets: Secrets;
  /** The header idempotency keys are sent under (the confirmed `idempotencyHeader`, else the default). */
  idempotencyHeader: string;
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
    maxResponseBytes: state.maxResponseBytes,
    idempotencyKey: header?.[context.idempotencyHeader],
  });
}
