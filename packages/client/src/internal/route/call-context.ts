import { checkCallOptions } from '../input/check-call-options.js';
import type { Secrets } from '../redact.js';
import type { CallState } from '../transport/call-state.js';
import type { Reply } from '../transport/reply/reply.js';

export interface FetchResult {
  data?: unknown;
  error?: unknown;
  /** A Response, or over node:http a reply that makes one on request (see transport/reply/reply.ts). */
  response: Reply;
}

/** What every call needs from its client, whichever way it is sent. */
export interface ClientContext {
  /** The client's own secrets (API key, secret headers); each call chains its own to them. */
  secrets: Secrets;
  /** The client's limits, for a call that sets none of its own. */
  timeoutMs: number;
  maxRetries: number;
  maxResponseBytes: number;
  /** The header idempotency keys are sent under (the confirmed `idempotencyHeader`, else the default). */
  idempotencyHeader: string;
}

/** A call as the route reads it: its state, and the operation it sends. */
export interface RouteCall extends CallState {
  readonly method: string;
  readonly path: string;
}

/** What both ways of sending check first: the secrets to redact, and the per-call options. */
export function checkBeforeSending(
  context: ClientContext,
  init: Record<string, unknown>,
  call: CallState,
): void {
  const header = (init.params as { header?: Record<string, unknown> } | undefined)?.header;
  // Registered before anything can fail, so even an error raised while building the request is
  // scrubbed; read without constructing Headers, which throws (quoting the value) on bad input.
  call.secrets.addHeaders(header);
  call.secrets.addHeaders(init.headers);
  checkCallOptions(call, header?.[context.idempotencyHeader]);
}
