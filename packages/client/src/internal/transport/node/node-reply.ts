// What an attempt over node:http hands back: status and headers read from the answer as it came, the
// body read whole, and the Response fetch would have returned made only when asked for.
import type * as Http from 'node:http';
import { BODY, type Body, bufferedResponse } from '../reply/buffered-response.js';
import { LazyResult } from '../reply/lazy-result.js';
import { type HeaderReader, type Reply, TO_RESPONSE, TO_WITH_RESPONSE } from '../reply/reply.js';

/** Statuses whose answer has no body, which fetch does not decompress. */
export const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * An answer's header as `Headers#get` reads it (`name` in lower case; repeated ones joined by `, `), read
 * from the headers as they came: node:http's `headers` and `headersDistinct` build a record of them all.
 */
export function answerHeader(raw: string[], name: string): string | null {
  let found: string | null = null;
  for (let index = 0; index < raw.length; index += 2) {
    const key = raw[index] as string;
    if (key.length === name.length && key.toLowerCase() === name) {
      const value = raw[index + 1] as string;
      found = found === null ? value : `${found}, ${value}`;
    }
  }
  return found;
}

/**
 * A node:http answer, read whole: status and headers without a Response, which it makes on request. It
 * is its own header reader (`reply.headers.get(name)`).
 */
export class NodeReply implements Reply, HeaderReader {
  readonly [BODY]: Body;
  readonly status: number;
  readonly #response: Http.IncomingMessage;
  readonly #url: string;
  #made: Response | undefined;

  constructor(status: number, response: Http.IncomingMessage, url: string, body: Body) {
    this.status = status;
    this.#response = response;
    this.#url = url;
    this[BODY] = body;
  }

  get headers(): HeaderReader {
    return this;
  }

  get(name: string): string | null {
    return answerHeader(this.#response.rawHeaders, name.toLowerCase());
  }

  get statusText(): string {
    return this.#response.statusMessage ?? '';
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** `.withResponse()`'s result, whose Response is made only when read. */
  [TO_WITH_RESPONSE](data: unknown, requestId: string | undefined): LazyResult {
    return new LazyResult(data, this, requestId);
  }

  /** The Response fetch would have returned: its status, headers, URL and type, the body in memory. */
  [TO_RESPONSE](): Response {
    if (this.#made) return this.#made;
    const headers = new Headers();
    const raw = this.#response.rawHeaders;
    for (let index = 0; index < raw.length; index += 2)
      headers.append(raw[index] as string, raw[index + 1] as string);
    this.#made = bufferedResponse(
      {
        status: this.status,
        statusText: this.statusText,
        headers,
        url: new URL(this.#url).href,
        redirected: false,
        type: 'basic',
        // Null where fetch's Response has no body (204, 304, a HEAD): the same test as fetch's.
        body: NULL_BODY.has(this.status) ? null : this[BODY],
      },
      this[BODY],
    );
    return this.#made;
  }
}

/** An answer's headers read as `Headers#get` reads them, for an error made before its reply is. */
export const headerReader = (response: Http.IncomingMessage): HeaderReader => ({
  get: (name) => answerHeader(response.rawHeaders, name.toLowerCase()),
});
