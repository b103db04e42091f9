// The seam's one interface (stripe-node's `HttpClient`): a way of sending a call's attempts. Two
// implementations, a folder each: fetch/ (everywhere, and every Request openapi-fetch builds) and
// node/ (named calls on Node). transport.ts picks one per call and runs its attempts.
import type { Reply } from './reply/reply.js';

/** A request of a named method, serialized but not built: the transport builds the only request object. */
export interface Outgoing {
  method: string;
  url: string;
  /** A Headers in the fetch-only build; on Node a HeaderList, read the same way (see node/header-list.ts). */
  headers: RequestHeaders;
  body: BodyInit | undefined;
}

/** One attempt: sends, and reads the whole answer (at most `maxBytes`) under the timeout and the caller's signal. */
export type Attempt<R extends Reply = Reply> = (
  caller: AbortSignal | undefined,
  timeoutMs: number,
  what: string,
  maxBytes: number,
) => Promise<R>;

/** One way of sending a named call. */
export interface HttpClient {
  /**
   * Whether this client sends the call. fetch's: always. node:http's: not when the global `fetch` was
   * replaced since the client was loaded (a test's mock, MSW), nor for a URL off the client's origin.
   */
  takes(outgoing: Outgoing): boolean;
  /**
   * The attempts of one call. The body is encoded once, so every attempt sends the same bytes;
   * `retryable` says whether a second attempt may come.
   */
  attempts(outgoing: Outgoing, retryable: boolean): Attempt | Promise<Attempt>;
}

/** The `Headers` methods a call's headers are built and read with: a Headers, or on Node a HeaderList. */
export interface RequestHeaders extends Iterable<[string, string]> {
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
}

/** Makes a client's node:http client, or undefined where Node's own HTTP client is not the runtime's (Bun, Deno). */
export type CreateNodeHttpClient = (baseUrl: string, agent: unknown) => HttpClient | undefined;
