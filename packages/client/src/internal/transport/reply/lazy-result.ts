import { type Reply, responseOf } from './reply.js';

/**
 * What `.withResponse()` resolves with after a call over node:http: the Response is made when
 * `response` is first read, so a call that never reads it does not pay for it. A getter on the class,
 * not one per result: an object literal with a getter kept each result's body alive through
 * young-generation collections (the client test on released bodies found it).
 */
export class LazyResult {
  readonly #reply: Reply;
  constructor(
    readonly data: unknown,
    reply: Reply,
    readonly requestId: string | undefined,
  ) {
    this.#reply = reply;
  }

  get response(): Response {
    return responseOf(this.#reply);
  }
}
