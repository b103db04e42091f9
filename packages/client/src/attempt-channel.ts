// The client's tracing contract: on Node, every attempt of a call is published on a diagnostics_channel
// TracingChannel (as undici and Node's own http publish theirs). Nothing is built for it while nobody
// subscribes; `@svc/otel` subscribes and makes OpenTelemetry spans of it. Browsers' builds publish nothing.

/**
 * The TracingChannel every attempt is published on: subscribe with
 * `diagnostics_channel.tracingChannel(ATTEMPT_CHANNEL).subscribe({ start, asyncEnd, error })`, or to
 * the channels `tracing:svc:client:attempt:start`, `…:asyncEnd`, `…:error`.
 */
export const ATTEMPT_CHANNEL = 'svc:client:attempt';

/**
 * What one attempt publishes: `start` before it is sent, `asyncEnd` once its whole answer is read or it
 * failed, `error` before that when it failed without an answer. Never a header value, a query value, a
 * path id or a body: what is here can go to any tracing backend as it is.
 */
export interface AttemptMessage {
  /** The request method: `GET`, `POST`, … */
  readonly method: string;
  /**
   * The operation's path template (`/v2/summary/sleep/{user_id}`), or undefined for a request a
   * middleware replaced (its template is not known).
   */
  readonly urlTemplate: string | undefined;
  /**
   * The request URL with each path parameter and each query value replaced by `REDACTED`
   * (`https://api.example.com/v2/summary/sleep/REDACTED?start_date=REDACTED`); undefined where the
   * template is not known.
   */
  readonly redactedUrl: string | undefined;
  /** The host the attempt is sent to. */
  readonly serverAddress: string;
  /** Its port (443 or 80 when the URL names none). */
  readonly serverPort: number;
  /** 0 for a call's first attempt, 1 for its first retry, and so on. */
  readonly resendCount: number;
  /** The status the attempt was answered with; set before `asyncEnd`. */
  status?: number;
  /** The service's request id of that answer, when it sent one. */
  requestId?: string;
  /**
   * Set before `asyncEnd`: true when the client sends the call again after this attempt (its error answer
   * or failure was handled by a retry), false when this attempt ends the call.
   */
  retried?: boolean;
  /**
   * Set by the channel when the attempt failed without an answer (timeout, connection, abort, an answer
   * over `maxResponseBytes`): the `SvcError`, its secrets already redacted.
   */
  error?: unknown;
}
