import type * as Http from 'node:http';
import { errorFromResponse } from '../../../errors.js';
import { type Abortable, linkAbort, unlinkAbort } from '../abort/abort-fanout.js';
import { attemptFailure, isRedirect } from '../abort/attempt-failure.js';
import { type Body, isTextType } from '../reply/buffered-response.js';
import type { Reply } from '../reply/reply.js';
import { TO_RESPONSE } from '../reply/reply.js';
import { responseTooLarge, tooManyCodings } from '../reply/response-limit.js';
import { decode, isTooLarge } from './decode.js';
import { answerHeader, headerReader, NodeReply, NULL_BODY } from './node-reply.js';

type HttpModule = typeof Http;

/**
 * One attempt over node:http: its timer, its link to the caller's signal, its answer read whole (at most
 * `maxBytes`, received and decoded). Everything that can throw runs before the attempt is settled, and a
 * throw there fails it: after settling, a throw would be lost, and inside a socket's event an uncaught one.
 */
export class NodeAttempt implements Abortable {
  private timedOut = false;
  private done = false;
  private received = 0;
  private readonly timer: ReturnType<typeof setTimeout>;
  private request: Http.ClientRequest | undefined;
  private response: Http.IncomingMessage | undefined;

  constructor(
    private resolve: (reply: Reply) => void,
    private reject: (error: unknown) => void,
    private readonly caller: AbortSignal | undefined,
    private readonly timeoutMs: number,
    private readonly what: string,
    private readonly url: string,
    private readonly method: string,
    private readonly maxBytes: number,
  ) {
    this.timer = setTimeout(onTimeout, timeoutMs, this);
    if (caller) linkAbort(caller, this);
  }

  send(http: HttpModule, options: Http.RequestOptions, bytes: Uint8Array | undefined): void {
    try {
      const request = http.request(options, (response) => this.answered(response));
      this.request = request;
      request.on('error', (error) => this.fail(error));
      request.end(bytes);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The caller's signal aborted (through the fan-out). */
  abort(): void {
    this.fail(new Error('aborted'));
  }

  timeout(): void {
    this.timedOut = true;
    this.fail(new Error(`no answer within ${this.timeoutMs} ms`));
  }

  private answered(response: Http.IncomingMessage): void {
    this.response = response;
    const status = response.statusCode ?? 0;
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => {
      // Counted as it arrives: past the limit the socket goes, nothing more is read.
      this.received += chunk.length;
      if (this.received > this.maxBytes)
        this.fail(responseTooLarge(this.what, status, headerReader(response), this.maxBytes));
      else chunks.push(chunk);
    });
    const codings = answerHeader(response.rawHeaders, 'content-encoding');
    response.on('end', () => this.read(response, status, chunks, codings));
    response.on('error', (error) => this.fail(error));
    response.on('close', () => {
      if (!response.complete) this.fail(new Error('the connection closed before the body ended'));
    });
    try {
      if (isRedirect(status)) {
        const reply = new NodeReply(status, response, this.url, '');
        this.fail(errorFromResponse(reply[TO_RESPONSE](), undefined, this.what));
        return;
      }
      if (tooManyCodings(codings) && !NULL_BODY.has(status) && this.method !== 'HEAD')
        this.fail(
          responseTooLarge(this.what, status, headerReader(response), this.maxBytes, codings as string),
        );
    } catch (error) {
      this.fail(error);
    }
  }

  private read(
    response: Http.IncomingMessage,
    status: number,
    chunks: Buffer[],
    codings: string | null,
  ): void {
    if (this.done) return;
    try {
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      if (codings === null || NULL_BODY.has(status) || this.method === 'HEAD' || bytes.length === 0) {
        this.succeed(status, response, bytes);
        return;
      }
      decode(bytes, codings, this.maxBytes).then(
        (decoded) => this.succeed(status, response, decoded),
        (error: unknown) =>
          this.fail(
            isTooLarge(error)
              ? responseTooLarge(this.what, status, headerReader(response), this.maxBytes)
              : error,
          ),
      );
    } catch (error) {
      this.fail(error);
    }
  }

  /** Makes the reply, then settles: a body that cannot be read fails the attempt instead. */
  private succeed(status: number, response: Http.IncomingMessage, bytes: Buffer): void {
    if (this.done) return;
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
      reply = new NodeReply(status, response, this.url, body);
    } catch (error) {
      this.fail(error);
      return;
    }
    const resolve = this.resolve;
    this.settle();
    resolve(reply);
  }

  /** Fails the attempt with its typed error (made before settling) and closes its connection. */
  private fail(error: unknown): void {
    if (this.done) return;
    const failure = attemptFailure(error, this.timedOut, this.caller, this.timeoutMs, this.what);
    const { reject, request, response } = this;
    this.settle();
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
  private settle(): void {
    this.done = true;
    clearTimeout(this.timer);
    if (this.caller) unlinkAbort(this.caller, this);
    this.resolve = ignore;
    this.reject = ignore;
    this.request = undefined;
    this.response = undefined;
  }
}

const ignore = (): void => {};

function onTimeout(attempt: NodeAttempt): void {
  attempt.timeout();
}
