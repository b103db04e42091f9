/**
 * Per-call options travel to the transport on the Request itself: openapi-fetch copies every
 * unknown init key onto the Request it builds. This keeps the caller's signal off the Request (a
 * signal given to `new Request()` gains a listener that only garbage collection removes) and costs
 * no closure per call. A middleware that replaces the Request drops it: the client defaults apply.
 */
export const CALL = '__svcCall';

import type { Secrets } from '../redact.js';
import type { AttemptLimits } from './http-client.js';
import type { Reply } from './reply/reply.js';

/**
 * A call as the route and the transport see it: read-only, its limits resolved (its own options, else
 * the client's). The call itself (call/call.ts) owns it and is the one place its state is written,
 * through the two steps below. It is what each attempt is held to (`HttpClient.send`).
 */
export interface CallState extends AttemptLimits {
  /** The call's secrets (link token, a key from the apiKey function), chained to the client's. */
  readonly secrets: Secrets;
  /** Whether the transport took it: from then on a failure is about the exchange, not the input. */
  readonly sent: boolean;
  /** The final answer, kept to describe a success body that fails to parse. */
  readonly response: Reply | undefined;
  /** The transport takes the call. */
  sending(): void;
  /** The transport hands back the call's final answer. */
  answered(reply: Reply): void;
}

export const callStateOf = (request: Request): CallState | undefined =>
  (request as unknown as Record<string, CallState | undefined>)[CALL];
