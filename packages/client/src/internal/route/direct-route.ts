import {
  createQuerySerializer,
  defaultBodySerializer,
  type HeadersOptions,
  removeTrailingSlash,
} from 'openapi-fetch';
import { requestHeaders } from '#request-headers';
import { withSecrets } from '../../errors.js';
import type { RequestHeaders } from '../input/request-headers.js';
import { bufferedText } from '../transport/reply/buffered-response.js';
import { type Reply, responseOf } from '../transport/reply/reply.js';
import type { Outgoing, Transport } from '../transport/transport.js';
import { asSvcError } from './as-svc-error.js';
import { type ClientContext, checkBeforeSending, type FetchResult, type RouteCall } from './call-context.js';
import { fillPath } from './path-template.js';

type Params = Record<string, unknown>;
type BodySerializer = (body: unknown, headers: RequestHeaders) => BodyInit;

/** What a named method's call needs from its client, built once per client. */
export interface DirectRoute extends ClientContext {
  baseUrl: string;
  headers: HeadersOptions | undefined;
  querySerializer: (query: Params) => string;
  transport: Transport;
  /**
   * The client's headers merged and checked once, at the first call that sends them (a bad one keeps
   * failing each call as it would): without a JSON content type, and with one (index 1). Each call
   * copies one instead of checking every name and value again.
   */
  merged: RequestHeaders[];
}

export function directRoute(
  baseUrl: string,
  headers: HeadersOptions | undefined,
  transport: Transport,
  context: ClientContext,
): DirectRoute {
  // openapi-fetch builds its query serializer on every call; once per client is enough.
  const querySerializer = createQuerySerializer();
  return {
    ...context,
    baseUrl: removeTrailingSlash(baseUrl),
    headers,
    querySerializer,
    transport,
    merged: [],
  };
}

export interface DirectInit {
  params: { path: Params; query: Params; header: Params };
  body: unknown;
  bodySerializer: BodySerializer | undefined;
  headers: HeadersOptions | undefined;
}

/** One header merged into `target` as openapi-fetch's `mergeHeaders` merges it into a Headers. */
function mergeOne(target: RequestHeaders, name: string, value: unknown): void {
  if (value === null) target.delete(name);
  else if (Array.isArray(value)) for (const item of value) target.append(name, item);
  else if (value !== undefined) target.set(name, value as string);
}

/**
 * One header source merged into `target`: a plain object's own keys (read without an entries array),
 * anything else (a Headers, pairs) iterated. Never reads the global Headers.
 */
function mergeInto(target: RequestHeaders, source: HeadersOptions | undefined | Params): void {
  if (!source || typeof source !== 'object') return;
  const proto = Object.getPrototypeOf(source);
  if (proto === Object.prototype || proto === null) {
    const record = source as Params;
    for (const name in record) if (Object.hasOwn(record, name)) mergeOne(target, name, record[name]);
  } else for (const [name, value] of source as Iterable<[string, unknown]>) mergeOne(target, name, value);
}

/**
 * A named method's request without openapi-fetch's `Request`: the same serializers and header merges
 * in the same order (so the wire is the same), one Headers built per call, then one fetch per
 * attempt. Used while no middleware is registered; middleware needs the Request that openapi-fetch
 * builds. `finish` gets the result in the same step that reads it: every promise hop costs a
 * microtask, so a named call takes as few as it can.
 */
export function sendDirect<C extends RouteCall, T>(
  route: DirectRoute,
  call: C,
  init: DirectInit,
  finish: (result: FetchResult, call: C) => T,
): Promise<T> {
  const { method } = call;
  const fail = (error: unknown): never => {
    throw withSecrets(asSvcError(error, call), call.secrets);
  };
  let outgoing: Outgoing;
  try {
    outgoing = build(route, call, init);
  } catch (error) {
    // Rejects with the typed error (an executor's throw rejects its promise).
    return new Promise(() => fail(error));
  }
  return route.transport.send(outgoing, call).then((response) => {
    const text = bufferedText(response);
    if (text === undefined)
      return readFetchResult(response, method)
        .catch(fail)
        .then((result) => finish(result, call));
    let result: FetchResult;
    try {
      result = parseFetchResult(response, method, text);
    } catch (error) {
      return fail(error);
    }
    return finish(result, call);
  }, fail);
}

function build(route: DirectRoute, call: RouteCall, init: DirectInit): Outgoing {
  checkBeforeSending(route, init as unknown as Params, call);
  const { method } = call;
  const { params, body } = init;
  let url = fillPath(route.baseUrl, call.path, params.path);
  // As openapi-fetch's createFinalURL appends the query.
  let search = route.querySerializer(params.query);
  if (search.startsWith('?')) search = search.substring(1);
  if (search) url += `?${search}`;
  const json = body !== undefined && !init.bodySerializer && !(body instanceof FormData);
  const final = headersOf(route, init, json);
  if (body === undefined) return { method, url, headers: final };
  // The serializer reads only a form content type (from a record too), which the JSON default never is.
  const serialized = (init.bodySerializer ?? (defaultBodySerializer as BodySerializer))(body, final);
  // JSON.stringify of a function writes nothing: no content type then, as on openapi-fetch's path.
  if (json && serialized === undefined) return { method, url, headers: headersOf(route, init, false) };
  return { method, url, headers: final, body: serialized };
}

/** The call's headers merged in openapi-fetch's order; a JSON body's content type first, so any header given for the call overrides it. */
function headersOf(route: DirectRoute, init: DirectInit, json: boolean): RequestHeaders {
  const index = +json;
  route.merged[index] ??= clientHeaders(route, json);
  const merged = requestHeaders(route.merged[index]);
  mergeInto(merged, init.headers);
  mergeInto(merged, init.params.header);
  return merged;
}

/** The client's own headers, a JSON content type first when `json`, checked as `Headers` checks them. */
function clientHeaders(route: DirectRoute, json: boolean): RequestHeaders {
  const headers = requestHeaders();
  if (json) headers.set('content-type', 'application/json');
  mergeInto(headers, route.headers);
  return headers;
}

/** The answer's text parsed as openapi-fetch parses it (`parseAs: 'json'`), so both paths resolve alike. */
function parseFetchResult(response: Reply, method: string, text: string): FetchResult {
  const length = response.headers.get('content-length');
  if (response.status === 204 || method === 'HEAD' || length === '0')
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  // openapi-fetch reads a body with a length as JSON (an empty one fails to parse), else as text first.
  if (response.ok) return { data: length || text ? JSON.parse(text) : undefined, response };
  let error: unknown = text;
  try {
    error = JSON.parse(text);
  } catch {}
  return { error, response };
}

/** The same for a Response whose body is not in memory yet (a runtime whose Responses take no own properties). */
async function readFetchResult(response: Reply, method: string): Promise<FetchResult> {
  return parseFetchResult(response, method, await responseOf(response).text());
}
