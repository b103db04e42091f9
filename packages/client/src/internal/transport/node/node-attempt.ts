import type * as Http from 'node:http';
import { type Abortable, linkAbort, unlinkAbort } from '../abort/abort-fanout.js';
import { attemptFailure } from '../abort/attempt-failure.js';
import type { AttemptLimits } from '../http-client.js';
import { isRedirect } from '../reply/answer-error.js';
import { type Body, isTextType } from '../reply/buffered-response.js';
import type { Reply } from '../reply/reply.js';
import { responseTooLarge, tooManyCodings } from '../reply/response-limit.js';
import { decode, isTooLarge } from './decode.js';
import { answerHeader, headerReader, NodeReply, NULL_BODY } from './node-reply.js';

type HttpModule = typeof Http;

/** One call's request over node:http, made once (node-http-client.ts) and sent by each attempt. */
export interface NodeRequest {
  module: HttpModule;
  options: Http.RequestOptions;
  bytes: Uint8Array | undefined;
  url: string;
  method: string;
}

/**
 * One attempt over node:http: its timer, its link to the caller's signal, its answer read whole (at most
 * `maxBytes`, received and decoded). Everything that can throw runs before the attempt is settled, and a
 * throw there fails it: after settling, a throw would be lost, and inside a socket's event an uncaught one.
 */
export class NodeAttempt implements Abortable {
  #timedOut = false;
  #done = false;
  #received = 0;
  readonly #timer: ReturnType<typeof setTimeout>;
  #request: Http.ClientRequest | undefined;
  #response: Http.IncomingMessage | undefined;
  #resolve: (reply: Reply) => void;
  #reject: (error: unknown) => void;
  readonly #limits: AttemptLimits;
  readonly #sent: NodeRequest;

  constructor(
    resolve: (reply: Reply) => void,
    reject: (error: unknown) => void,
    limits: AttemptLimits,
    sent: NodeRequest,
  ) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#limits = limits;
    this.#sent = sent;
    this.#timer = setTimeout(onTimeout, limits.timeoutMs, this);
    if (limits.signal) linkAbort(limits.signal, this);
  }

  send(): void {
    const { module, options, bytes } = this.#sent;
    try {
      const request = module.request(options, (response) => this.#answered(response));
      this.#request = request;
      request.on('error', (error) => this.#fail(error));
      request.end(bytes);
    } catch (error) {
      this.#fail(error);
    }
  }

  /** The caller's signal aborted (through the fan-out). */
  abort(): void {
    this.#fail(new Error('aborted'));
  }

  timeout(): void {
    this.#timedOut = true;
    this.#fail(new Error(`no answer within ${this.#limits.timeoutMs} ms`));
  }

  #answered(response: Http.IncomingMessage): void {
    this.#response = response;
    const status = response.statusCode ?? 0;
    const { what, maxResponseBytes: maxBytes } = this.#limits;
    if (isRedirect(status)) {
      // Never followed nor read: the transport refuses it, and its connection goes.
      this.#refused(status, response);
      return;
    }
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => {
      // Counted as it arrives: past the limit the socket goes, nothing more is read.
      this.#received += chunk.length;
      if (this.#received > maxBytes)
        this.#fail(responseTooLarge(what, status, headerReader(response), maxBytes));
      else chunks.push(chunk);
    });
    const codings = answerHeader(response.rawHeaders, 'content-encoding');
    response.on('end', () => this.#read(response, status, chunks, codings));
    response.on('error', (error) => this.#fail(error));
    response.on('close', () => {
      if (!response.complete) this.#fail(new Error('the connection closed before the body ended'));
    });
    try {
      if (tooManyCodings(codings) && !NULL_BODY.has(status) && this.#sent.method !== 'HEAD')
        this.#fail(responseTooLarge(what, status, headerReader(response), maxBytes, codings as string));
    } catch (error) {
      this.#fail(error);
    }
  }

  /** A redirect: handed back unread, its connection closed. */
  #refused(status: number, response: Http.IncomingMessage): void {
    const resolve = this.#resolve;
    const request = this.#request;
    this.#settle();
    resolve(new NodeReply(status, response, this.#sent.url, ''));
    response.destroy();
    request?.destroy();
  }

  #read(response: Http.IncomingMessage, status: number, chunks: Buffer[], codings: string | null): void {
    if (this.#done) return;
    try {
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      if (codings === null || NULL_BODY.has(status) || this.#sent.method === 'HEAD' || bytes.length === 0) {
        this.#succeed(status, response, bytes);
        return;
      }
      const { what, maxResponseBytes: maxBytes } = this.#limits;
      decode(bytes, codings, maxBytes).then(
        (decoded) => this.#succeed(status, response, decoded),
        (error: unknown) =>
          this.#fail(
            isTooLarge(error) ? responseTooLarge(what, status, headerReader(response), maxBytes) : error,
          ),
      );
    } catch (error) {
      this.#fail(error);
    }
  }

  /** Makes the reply, then settles: a body that cannot be read fails the attempt instead. */
  #succeed(status: number, response: Http.IncomingMessage, bytes: Buffer): void {
    if (this.#done) return;
    let reply: NodeReply;
    try {
      const type = answerHeader(response.rawHeaders, 'content-type');
      let body: Body;
      if (NULL_BODY.has(status)) body = '';
      else if (isTextType(type)) {
        const text = bytes.toString('utf8');
        // fetch's text() drops a byte order mark.
        body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      } else body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      reply = new NodeReply(status, response, this.#sent.url, body);
    } catch (error) {
      this.#fail(error);
      return;
    }
    const resolve = this.#resolve;
    this.#settle();
    resolve(reply);
  }

  /** Fails the attempt with its typed error (made before settling) and closes its connection. */
  #fail(error: unknown): void {
    if (this.#done) return;
    const { signal, timeoutMs, what } = this.#limits;
    const failure = attemptFailure(error, this.#timedOut, signal, timeoutMs, what);
    const reject = this.#reject;
    const request = this.#request;
    const response = this.#response;
    this.#settle();
    reject(failure);
    response?.destroy();
    request?.destroy();
  }

  /**
   * Ends the attempt: its timer and abort link go, and so do its promise's settling functions. The
   * request's listeners keep this object until the socket serves another request; through a settling
   * function it would keep the promise, and the promise the answer and its body (promoted to the old
   * generation by the next collection, as the client test on released bodies shows).
   */
  #settle(): void {
    this.#done = true;
    clearTimeout(this.#timer);
    if (this.#limits.signal) unlinkAbort(this.#limits.signal, this);
    this.#resolve = ignore;
    this.#reject = ignore;
    this.#request = undefined;
    this.#response = undefined;
  }
}

const ignore = (): void => {};

function onTimeout(attempt: NodeAttempt): void {
  attempt.timeout();
}
