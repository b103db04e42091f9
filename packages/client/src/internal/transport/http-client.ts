import type { Reply } from './reply/reply.js';

/** A request of a named method, serialized but not built: the transport builds the only request object. */
export interface Outgoing {
  method: string;
  url: string;
  /** A Headers in the fetch-only build; on Node a HeaderList, read the same way (see header-list.ts). */
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

/** Named calls over node:http / node:https (the `#node-http` import: only in the build for Node). */
export interface NodeHttp {
  /**
   * Whether this call goes over node:http: not when the global `fetch` was replaced since the client
   * was loaded (a test's mock, MSW), nor for a URL off the client's origin.
   */
  takes(outgoing: Outgoing): boolean;
  /** The attempts of one call; the body is encoded once, so every attempt sends the same bytes. */
  attempts(outgoing: Outgoing): Attempt | Promise<Attempt>;
}

/** The `Headers` methods a call's headers are built and read with: a Headers, or on Node a HeaderList. */
export interface RequestHeaders extends Iterable<[string, string]> {
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
}

/** Makes a client's NodeHttp, or undefined where Node's own HTTP client is not the runtime's (Bun, Deno). */
export type CreateNodeHttp = (baseUrl: string, agent: unknown) => NodeHttp | undefined;
