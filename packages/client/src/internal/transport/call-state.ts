/**
 * Per-call options travel to the transport on the Request itself: openapi-fetch copies every
 * unknown init key onto the Request it builds. This keeps the caller's signal off the Request (a
 * signal given to `new Request()` gains a listener that only garbage collection removes) and costs
 * no closure per call. A middleware that replaces the Request drops it: the client defaults apply.
 */
export const CALL = '__svcCall';

import type { Secrets } from '../redact.js';
import type { Reply } from './reply/reply.js';

export interface CallState {
  /** `METHOD /path/{template}` of the call, for messages (ids stay out of error text). */
  what: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  maxResponseBytes?: number | undefined;
  /** The call's secrets (link token, a key from the apiKey function), chained to the client's. */
  secrets?: Secrets;
  /** Sent by a named method without openapi-fetch: no middleware can have added a header. */
  direct?: true;
  /** Set by the transport: from then on a failure is about the exchange, not the input. */
  sent?: boolean;
  /** The final response, kept to describe a success body that fails to parse. */
  response?: Reply;
}

export const callStateOf = (request: Request): CallState | undefined =>
  (request as unknown as Record<string, CallState | undefined>)[CALL];
