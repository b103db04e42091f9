// Named calls on Node over node:http / node:https with a keep-alive agent per client (stripe-node's
// NodeHttpClient beside its FetchHttpClient): on Node 20, fetch costs about 1.6 times the CPU of
// node:http per call (packages/bench). Only the build for Node carries this folder (`#node-http`).
// It sends what fetch sends (its default headers, its body encodings: this file and request-body.ts)
// and hands back what fetch hands back (bodies decompressed as fetch decompresses them, a Response made
// on request: node-reply.ts); timeouts, the caller's signal, redirects and errors go through the same
// steps as an attempt over fetch (node-attempt.ts).
import type * as Http from 'node:http';
import { ValidationError } from '../../../errors.js';
import type { HeaderList } from '../../input/header-list.js';
import { UNSENDABLE_VALUE, unsendableValueReason } from '../../input/unsendable-value.js';
import { abortError } from '../abort/abort-error.js';
import type { AttemptLimits, CreateNodeHttpClient, HttpClient, Outgoing } from '../http-client.js';
import type { Reply } from '../reply/reply.js';
import { NodeAttempt, type NodeRequest } from './node-attempt.js';
import { encode, encodeText } from './request-body.js';

type HttpModule = typeof Http;

/** Node itself: Bun and Deno answer to the `node` condition too, but fetch is their own client. */
const isNode = (): boolean => {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process
    ?.versions;
  return versions?.node !== undefined && versions.bun === undefined && !('Deno' in globalThis);
};

/**
 * A request target fetch would send as it is (RFC 3986 characters, no dot segment; `'` in the path
 * only); others go through URL. A query with `/.` takes the URL road too, which leaves it as it is.
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@%/]*(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/** A Node client's agent: keep-alive, idle sockets closed after 4 s (as fetch's) and never holding the process. */
const IDLE_SOCKET_MS = 4_000;

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

/** The request target fetch sends for this URL (of `origin`). */
function pathOf(origin: string, url: string): string {
  const rest = url.slice(origin.length);
  if (PLAIN_TARGET.test(rest) && !DOT_SEGMENT.test(rest)) return rest;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The headers fetch adds to every request it sends, where the call has not set them. */
function addFetchDefaults(
  headers: HeaderList,
  method: string,
  bytes: Uint8Array | undefined,
  acceptEncoding: string,
): void {
  headers.default('accept', '*/*');
  headers.default('accept-language', '*');
  headers.default('sec-fetch-mode', 'cors');
  headers.default('user-agent', 'node');
  headers.default('accept-encoding', acceptEncoding);
  if (bytes) headers.set('content-length', String(bytes.byteLength));
  else if (!BODILESS.has(method)) headers.default('content-length', '0');
}

/** One attempt: a synchronous call (no body, or a text one, once node:http is loaded) starts with no microtask. */
function attempt(request: NodeRequest, limits: AttemptLimits): Promise<Reply> {
  const caller = limits.signal;
  return caller?.aborted
    ? Promise.reject(abortError(caller))
    : new Promise<Reply>((resolve, reject) => {
        new NodeAttempt(resolve, reject, limits, request).send();
      });
}

/**
 * The headers as node:http takes them. To the client's own agent: the flat list with `Host` last, as
 * node:http adds it, written as they are (no copy into the request's own record). To an agent given
 * with `httpAgent`: a record, which a proxy agent can still read and change on the request.
 */
function requestHeadersFor(
  headers: HeaderList,
  agentOption: unknown,
  host: string,
): Http.OutgoingHttpHeaders | string[] {
  if (agentOption !== undefined) return Object.fromEntries(headers);
  const pairs = headers.pairs;
  if (!headers.has('host')) pairs.push('Host', host);
  return pairs;
}

// Typed as the other build's export is, so the transport tests it the same way in both.
export const createNodeHttpClient: CreateNodeHttpClient | undefined = (
  baseUrl,
  agentOption,
): HttpClient | undefined => {
  if (!isNode()) return undefined;
  const base = new URL(baseUrl);
  const secure = base.protocol === 'https:';
  const origin = base.origin;
  const hostname = base.hostname.replace(/^\[|\]$/g, '');
  // What node:http writes as `Host` (brackets around IPv6, no default port), as URL writes it.
  const host = base.host;
  const port = base.port === '' ? (secure ? 443 : 80) : Number(base.port);
  const acceptEncoding = secure ? 'br, gzip, deflate' : 'gzip, deflate';
  let http: HttpModule | undefined;
  let agent = agentOption as Http.Agent | undefined;

  // Loaded on the first call, not at import: node:https alone costs an import about 20 ms.
  async function load(): Promise<HttpModule> {
    const imported = await (secure ? import('node:https') : import('node:http'));
    // The module object itself, read at each call: interceptors (MSW's setupServer, nock) replace its
    // `request`, and the ESM namespace keeps the original, which would send past them to the network.
    http = (imported as unknown as { default: HttpModule }).default;
    agent ??= new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
    return http;
  }

  /** The request of every attempt of one call, made at its first: a call without a body or with a text one (JSON) at once. */
  function prepare({ method, url, headers: bag, body }: Outgoing): NodeRequest | Promise<NodeRequest> {
    const headers = bag as HeaderList;
    const make = (module: HttpModule, bytes?: Uint8Array) => ready(module, method, url, headers, bytes);
    if (http && (body === undefined || typeof body === 'string'))
      return make(http, body === undefined ? undefined : encodeText(body, headers));
    return (async () =>
      make(http ?? (await load()), body === undefined ? undefined : await encode(body, headers)))();
  }

  /** One call's request options, made once. */
  function ready(
    module: HttpModule,
    method: string,
    url: string,
    headers: HeaderList,
    bytes: Uint8Array | undefined,
  ): NodeRequest {
    addFetchDefaults(headers, method, bytes, acceptEncoding);
    const options: Http.RequestOptions = {
      method,
      hostname,
      port,
      path: pathOf(origin, url),
      headers: requestHeadersFor(headers, agentOption, host),
      agent: agent as Http.Agent,
    };
    return { module, options, bytes, url, method };
  }

  return {
    send(outgoing: Outgoing, limits: AttemptLimits): Promise<Reply> {
      outgoing.prepared ??= prepare(outgoing);
      const request = outgoing.prepared as NodeRequest | Promise<NodeRequest>;
      return request instanceof Promise
        ? request.then((made) => attempt(made, limits))
        : attempt(request, limits);
    },
  };
};
