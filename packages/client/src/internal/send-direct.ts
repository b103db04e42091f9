import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  type HeadersOptions,
  mergeHeaders,
  removeTrailingSlash,
} from 'openapi-fetch';
import { withSecrets } from '../errors.js';
import type { CallState } from './call-state.js';
import type { Secrets } from './redact.js';
import type { Transport } from './retry-fetch.js';
import { asSvcError, type CallContext, callSecrets, checkBeforeSending, type FetchResult } from './send.js';

type Params = Record<string, unknown>;
type BodySerializer = (body: unknown, headers: Headers) => BodyInit;

/** What a named method's call needs from its client, built once per client. */
export interface DirectRoute extends CallContext {
  baseUrl: string;
  headers: HeadersOptions | undefined;
  querySerializer: (query: Params) => string;
  transport: Transport;
}

export function directRoute(
  baseUrl: string,
  headers: HeadersOptions | undefined,
  transport: Transport,
  context: CallContext,
): DirectRoute {
  // openapi-fetch builds its query serializer on every call; once per client is enough.
  const querySerializer = createQuerySerializer();
  return { ...context, baseUrl: removeTrailingSlash(baseUrl), headers, querySerializer, transport };
}

export interface DirectInit {
  params: { path: Params; query: Params; header: Params };
  body: unknown;
  bodySerializer: BodySerializer | undefined;
  headers: HeadersOptions | undefined;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * A named method's request without openapi-fetch's `Request`: the same serializers and header merges,
 * in the same order (so the wire is the same), then one fetch per attempt. Used while no middleware
 * is registered; middleware needs the Request that openapi-fetch builds.
 */
export async function sendDirect(
  route: DirectRoute,
  method: string,
  path: string,
  init: DirectInit,
  state: CallState,
): Promise<FetchResult> {
  const secrets: Secrets = callSecrets(route, state);
  state.direct = true;
  try {
    checkBeforeSending(route, init as unknown as Params, state, secrets);
    const { params, body, headers } = init;
    const header = params.header as HeadersOptions;
    const url = createFinalURL(path, {
      baseUrl: route.baseUrl,
      params,
      querySerializer: route.querySerializer,
      pathSerializer: defaultPathSerializer,
    });
    const serialize = init.bodySerializer ?? (defaultBodySerializer as BodySerializer);
    const serialized =
      body === undefined ? undefined : serialize(body, mergeHeaders(route.headers, headers, header));
    const final = mergeHeaders(
      serialized === undefined || serialized instanceof FormData ? undefined : JSON_TYPE,
      route.headers,
      headers,
      header,
    );
    const response = await route.transport.send({ method, url, headers: final, body: serialized }, state);
    return await readResult(response, method);
  } catch (error) {
    throw withSecrets(asSvcError(error, state), secrets);
  }
}

/** The response read as openapi-fetch reads it (`parseAs: 'json'`), so both paths resolve alike. */
async function readResult(response: Response, method: string): Promise<FetchResult> {
  const length = response.headers.get('Content-Length');
  if (response.status === 204 || method === 'HEAD' || length === '0')
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  if (response.ok) {
    if (length) return { data: await response.json(), response };
    const raw = await response.text();
    return { data: raw ? JSON.parse(raw) : undefined, response };
  }
  let error: unknown = await response.text();
  try {
    error = JSON.parse(error as string);
  } catch {}
  return { error, response };
}
