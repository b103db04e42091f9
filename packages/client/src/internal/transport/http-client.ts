// The seam's one interface (stripe-node's `HttpClient`): a way of sending one attempt. Two
// implementations, a folder each: fetch/ (everywhere, and every Request openapi-fetch builds) and
// node/ (named calls on Node). transport.ts picks one per call; retry/send-with-retries.ts calls its
// `send` once per attempt.
import type { RequestHeaders } from '../input/request-headers.js';
import type { Reply } from './reply/reply.js';

/** A call's request, serialized but not built: the HttpClient builds the only request object. */
export interface Outgoing {
  method: string;
  url: string;
  /** A Headers in the fetch-only build; on Node a HeaderList, read the same way (see input/header-list.ts). */
  headers: RequestHeaders;
  body?: BodyInit | undefined;
  /** A Request openapi-fetch built (typed path client, middleware): each attempt sends a copy of it. */
  request?: Request;
  /**
   * The HttpClient's own form of this request (options, encoded body), made at the first attempt and
   * kept for the next, so every attempt sends the same bytes.
   */
  prepared?: unknown;
}

/** What every attempt of one call is held to: a call's own options, else its client's. */
export interface AttemptLimits {
  /** The caller's signal. */
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** `METHOD /path/{template}` of the call, for messages (ids stay out of error text). */
  readonly what: string;
  /** The most bytes of the answer read, received or decoded. */
  readonly maxResponseBytes: number;
  /** Retries after the first attempt: when any may come, a body that can be read once only is kept for them. */
  readonly maxRetries: number;
}

/** One way of sending. */
export interface HttpClient {
  /**
   * Sends one attempt and reads the whole answer (at most `maxBytes`) under the timeout and the caller's
   * signal. A redirect comes back unread (never followed); a failure rejects with its typed error.
   */
  send(outgoing: Outgoing, limits: AttemptLimits): Promise<Reply>;
}

/** Makes a client's node:http client, or undefined where Node's own HTTP client is not the runtime's (Bun, Deno). */
export type CreateNodeHttpClient = (baseUrl: string, agent: unknown) => HttpClient | undefined;
