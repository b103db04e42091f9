// Named calls on Node over node:http / node:https with a keep-alive agent per client (stripe-node's
// NodeHttpClient beside its FetchHttpClient): on Node 20, fetch costs about 1.6 times the CPU of
// node:http per call (packages/bench). Only the build for Node carries this file (`#node-http`).
// It sends what fetch sends (its default headers, its body encodings) and hands back what fetch
// hands back (bodies decompressed as fetch decompresses them, a Response made on request); timeouts,
// the caller's signal, redirects and errors go through the same steps as an attempt over fetch.
import type * as Http from 'node:http';
import type * as Zlib from 'node:zlib';
import { errorFromResponse, ValidationError } from '../../../errors.js';
import { abortError } from '../abort/abort-error.js';
import { type Abortable, linkAbort, unlinkAbort } from '../abort/abort-fanout.js';
import { attemptFailure, isRedirect } from '../abort/attempt-failure.js';
import type { Attempt, CreateNodeHttp, NodeHttp, Outgoing, RequestHeaders } from '../http-client.js';
import { BODY, type Body, bufferedResponse, isTextType } from '../reply/buffered-response.js';
import { LazyResult } from '../reply/lazy-result.js';
import { type HeaderReader, type Reply, TO_RESPONSE, TO_RESULT } from '../reply/reply.js';
import { responseTooLarge, tooManyCodings } from '../reply/response-limit.js';
import { HeaderList } from './header-list.js';
import { UNSENDABLE_VALUE, unsendableValueReason } from './unsendable-value.js';

type HttpModule = typeof Http;
type ZlibModule = typeof Zlib;

/** The global fetch as it was when the client was loaded: a later one is a mock, and named calls go to it. */
const loadedFetch = globalThis.fetch;

/** Node itself: Bun and Deno answer to the `node` condition too, but fetch is their own client. */
const isNode = (): boolean => {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process
    ?.versions;
  return versions?.node !== undefined && versions.bun === undefined && !('Deno' in globalThis);
};

// Loaded on the first call, not at import: node:https alone costs an import about 20 ms.
let zlib: ZlibModule | undefined;
const loadZlib = async (): Promise<ZlibModule> => {
  zlib ??= await import('node:zlib');
  return zlib;
};

/** A request path fetch would send as it is (RFC 3986 characters, no dot segment); others go through URL. */
const PLAIN_PATH = /^\/[\w\-.~!$&'()*+,;=:@%/]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;
const PLAIN_QUERY = /^[\w\-.~!$&()*+,;=:@%/?]*$/;
/** Statuses whose answer has no body, which fetch does not decompress. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** A Node client's agent: keep-alive, idle sockets closed after 4 s (as fetch's) and never holding the process. */
const IDLE_SOCKET_MS = 4_000;

/** Headers checked as `Headers` checks them, without a Headers per call (header-list.ts). */
export const requestHeaders = (): RequestHeaders => new HeaderList();

/**
 * Refuses a request openapi-fetch built (the typed path client, middleware) with a header value no
 * transport on Node sends: its `Headers` took the value without a word, and fetch would refuse it only
 * when sending, as a failure to connect (and retry it).
 */
export function checkRequestHeaders(headers: Iterable<[string, string]>, what: string): void {
  for (const [name, value] of headers)
    if (UNSENDABLE_VALUE.test(value))
      throw new ValidationError('request', `${what}: ${unsendableValueReason(name)}`);
}

/** Methods sent without a body and without `content-length`; any other says `content-length: 0`, as fetch does. */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

export const createNodeHttp: CreateNodeHttp = (baseUrl, agentOption) => {
  if (!isNode()) return undefined;
  const base = new URL(baseUrl);
  const secure = base.protocol === 'https:';
  const origin = base.origin;
  const originSlash = `${origin}/`;
  const hostname = base.hostname.replace(/^\[|\]$/g, '');
  // What node:http writes as `Host` (brackets around IPv6, no default port), as URL writes it.
  const host = base.host;
  const port = base.port === '' ? (secure ? 443 : 80) : Number(base.port);
  const acceptEncoding = secure ? 'br, gzip, deflate' : 'gzip, deflate';
  let http: HttpModule | undefined;
  let agent = agentOption as Http.Agent | undefined;

  async function load(): Promise<HttpModule> {
    const imported = await (secure ? import('node:https') : import('node:http'));
    // The module object itself, read at each call: interceptors (MSW's setupServer, nock) replace its
    // `request`, and the ESM namespace keeps the original, which would send past them to the network.
    http = (imported as unknown as { default: HttpModule }).default;
    agent ??= new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
    return http;
  }

  /** The request target fetch sends for this URL. */
  function pathOf(url: string): string {
    const rest = url.slice(origin.length);
    const queryAt = rest.indexOf('?');
    const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
    const query = queryAt === -1 ? '' : rest.slice(queryAt);
    if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) && PLAIN_QUERY.test(query)) return rest;
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  }

  const node: NodeHttp = {
    takes({ url }: Outgoing): boolean {
      return globalThis.fetch === loadedFetch && url.startsWith(originSlash);
    },
    attempts({ method, url, headers: bag, body }: Outgoing): Attempt | Promise<Attempt> {
      const headers = bag as HeaderList;
      // A call without a body or with a text one (JSON) is ready at once: no promise, no microtask.
      if (http && (body === undefined || typeof body === 'string'))
        return ready(http, method, url, headers, body === undefined ? undefined : encodeText(body, headers));
      return (async () => {
        const module = http ?? (await load());
        return ready(
          module,
          method,
          url,
          headers,
          body === undefined ? undefined : await encode(body, headers),
        );
      })();
    },
  };

  /** The attempts of one call, its request options made once. */
  function ready(
    module: HttpModule,
    method: string,
    url: string,
    headers: HeaderList,
    bytes: Uint8Array | undefined,
  ): Attempt {
    // The headers fetch adds to every request it sends, where the call has not set them.
    headers.default('accept', '*/*');
    headers.default('accept-language', '*');
    headers.default('sec-fetch-mode', 'cors');
    headers.default('user-agent', 'node');
    headers.default('accept-encoding', acceptEncoding);
    if (bytes) headers.set('content-length', String(bytes.byteLength));
    else if (!BODILESS.has(method)) headers.default('content-length', '0');
    const options: Http.RequestOptions = {
      method,
      hostname,
      port,
      path: pathOf(url),
      headers: requestHeadersFor(headers),
      agent: agent as Http.Agent,
    };
    return (caller, timeoutMs, what, maxBytes) =>
      caller?.aborted
        ? Promise.reject(abortError(caller))
        : new Promise<Reply>((resolve, reject) => {
            new Exchange(resolve, reject, caller, timeoutMs, what, url, method, maxBytes).send(
              module,
              options,
              bytes,
            );
          });
  }
  /**
   * The headers as node:http takes them. To the client's own agent: the flat list with `Host` last, as
   * node:http adds it, written as they are (no copy into the request's own record). To an agent given
   * with `httpAgent`: a record, which a proxy agent can still read and change on the request.
   */
  function requestHeadersFor(headers: HeaderList): Http.OutgoingHttpHeaders | string[] {
    if (agentOption !== undefined) return Object.fromEntries(headers);
    const pairs = headers.pairs;
    if (!headers.has('host')) pairs.push('Host', host);
    return pairs;
  }
  return node;
};

/** A text body as fetch sends it: UTF-8, typed as text unless the call set a type. */
function encodeText(body: string, headers: HeaderList): Uint8Array {
  headers.default('content-type', 'text/plain;charset=UTF-8');
  return Buffer.from(body, 'utf8');
}

/** A body as the bytes fetch would send, with the content type fetch would add when none is set. */
async function encode(body: BodyInit, headers: HeaderList): Promise<Uint8Array> {
  if (typeof body === 'string') return encodeText(body, headers);
  // A form, a file, bytes: fetch's own encoding (a form's boundary is chosen here, once per call).
  const encoded = new Response(body);
  const type = encoded.headers.get('content-type');
  if (type) headers.default('content-type', type);
  return new Uint8Array(await encoded.arrayBuffer());
}

/**
 * One attempt over node:http: its timer, its link to the caller's signal, its answer read whole (at most
 * `maxBytes`, received and decoded). Everything that can throw runs before the attempt is settled, and a
 * throw there fails it: after settling, a throw would be lost, and inside a socket's event an uncaught one.
 */
class Exchange implements Abortable {
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

function onTimeout(exchange: Exchange): void {
  exchange.timeout();
}

/** An answer's headers read as `Headers#get` reads them, for an error made before its reply is. */
const headerReader = (response: Http.IncomingMessage): HeaderReader => ({
  get: (name) => answerHeader(response.rawHeaders, name.toLowerCase()),
});

/** zlib's refusal to make more than `maxOutputLength` bytes. */
const isTooLarge = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';

/**
 * Undoes the content codings of an answer as fetch does: last applied first; an unknown one stops all
 * decoding. Each step makes at most `maxBytes`: zlib stops there (`maxOutputLength`), so a bomb costs
 * no more memory than the limit.
 */
async function decode(bytes: Buffer, encoding: string, maxBytes: number): Promise<Buffer> {
  const codings = encoding.toLowerCase().split(',');
  const steps = [];
  for (let index = codings.length - 1; index >= 0; index--) {
    const coding = (codings[index] as string).trim();
    if (coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate' || coding === 'br')
      steps.push(coding);
    else return bytes;
  }
  const z = zlib ?? (await loadZlib());
  // fetch's options: lenient about a truncated end, as browsers and curl are.
  const flush = {
    flush: z.constants.Z_SYNC_FLUSH,
    finishFlush: z.constants.Z_SYNC_FLUSH,
    maxOutputLength: maxBytes,
  };
  const brotli = {
    flush: z.constants.BROTLI_OPERATION_FLUSH,
    finishFlush: z.constants.BROTLI_OPERATION_FLUSH,
    maxOutputLength: maxBytes,
  };
  let data = bytes;
  for (const coding of steps) {
    if (data.length === 0) break;
    const input = data;
    data = await new Promise<Buffer>((resolve, reject) => {
      const done = (error: Error | null, output: Buffer) => (error ? reject(error) : resolve(output));
      if (coding === 'br') z.brotliDecompress(input, brotli, done);
      else if (coding === 'deflate')
        // A zlib-wrapped stream, or (as some servers send) a raw one: fetch tells them apart the same way.
        ((input[0] as number) & 15) === 8 ? z.inflate(input, flush, done) : z.inflateRaw(input, flush, done);
      else z.gunzip(input, flush, done);
    });
  }
  return data;
}

/**
 * An answer's header as `Headers#get` reads it (`name` in lower case; repeated ones joined by `, `), read
 * from the headers as they came: node:http's `headers` and `headersDistinct` build a record of them all.
 */
function answerHeader(raw: string[], name: string): string | null {
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
class NodeReply implements Reply, HeaderReader {
  readonly [BODY]: Body;
  private made: Response | undefined;

  constructor(
    readonly status: number,
    private readonly response: Http.IncomingMessage,
    private readonly url: string,
    body: Body,
  ) {
    this[BODY] = body;
  }

  get headers(): HeaderReader {
    return this;
  }

  get(name: string): string | null {
    return answerHeader(this.response.rawHeaders, name.toLowerCase());
  }

  get statusText(): string {
    return this.response.statusMessage ?? '';
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** `.withResponse()`'s result, whose Response is made only when read. */
  [TO_RESULT](data: unknown, requestId: string | undefined): LazyResult {
    return new LazyResult(data, this, requestId);
  }

  /** The Response fetch would have returned: its status, headers, URL and type, the body in memory. */
  [TO_RESPONSE](): Response {
    if (this.made) return this.made;
    const headers = new Headers();
    const raw = this.response.rawHeaders;
    for (let index = 0; index < raw.length; index += 2)
      headers.append(raw[index] as string, raw[index + 1] as string);
    this.made = bufferedResponse(
      {
        status: this.status,
        statusText: this.statusText,
        headers,
        url: new URL(this.url).href,
        redirected: false,
        type: 'basic',
        // Null where fetch's Response has no body (204, 304, a HEAD): the same test as fetch's.
        body: NULL_BODY.has(this.status) ? null : this[BODY],
      },
      this[BODY],
    );
    return this.made;
  }
}
