import { APIPromise, type WithResponse } from '../../api-promise.js';
import { ValidationError } from '../../errors.js';
import type { Operation } from '../../operation.js';
import { checkMaxPages } from '../../page-iterator.js';
import type { PaginateOptions } from '../../page-iterator-options.js';
import { PagePromise } from '../../page-promise.js';
import { requestIdOf } from '../../request-id.js';
import type { RequestOptions } from '../../request-options.js';
import { toFormData } from '../input/form-data.js';
import { prepareUploads } from '../input/upload-body.js';
import type { FetchResult } from '../route/call-context.js';
import { type DirectInit, type DirectRoute, sendDirect } from '../route/direct-route.js';
import { type CoreClient, sendThroughOpenapiFetch } from '../route/openapi-fetch-route.js';
import { answerError } from '../transport/reply/answer-error.js';
import { withResponseOf } from '../transport/reply/reply.js';
import { Call } from './call.js';
import { prepareCall } from './prepare-call.js';

type Params = Record<string, unknown>;

/** What an undeclared parameter may be: one query value (undefined is dropped, like any optional param). */
const isQueryScalar = (value: unknown): boolean =>
  value === undefined || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

/** How a client's named methods send: directly, or through openapi-fetch while middleware is registered. */
export interface Routes {
  core: CoreClient;
  direct: DirectRoute;
  /** The middleware registered with `use()`, mirrored (openapi-fetch keeps its list private). */
  middleware: readonly unknown[];
}

/** A named method call: flat params split by location, validated, sent; data or a typed error. */
export function callOperation(
  routes: Routes,
  operation: Operation,
  params: Params | undefined,
  options: RequestOptions | undefined,
): APIPromise<unknown> {
  const rule = operation.pagination;
  if (!rule) return new APIPromise(run(routes, operation, params ?? {}, options ?? {}));
  // Paginated: awaitable for the first page, async-iterable over every item of every page, sending
  // nothing until either starts. Params and options are read now, as for any call. `maxPages` bounds the
  // walk, not the request: a bad one is refused before the first page is requested.
  const { maxPages, ...requestOptions } = (options ?? {}) as PaginateOptions;
  const given =
    params !== null && typeof params === 'object' && !Array.isArray(params) ? { ...params } : params;
  const start = (): Promise<WithResponse<unknown>> => {
    try {
      checkMaxPages(maxPages);
    } catch (error) {
      return Promise.reject(error);
    }
    return run(routes, operation, given ?? {}, requestOptions);
  };
  return new PagePromise(start, {
    operationId: operation.id,
    rule,
    params: { ...params },
    options: { ...requestOptions, maxPages },
    call: (pageParams, pageOptions) => callOperation(routes, operation, pageParams, pageOptions),
  });
}

/** Prepares and sends; a synchronous throw (bad input) comes out as a rejection, like every failure. */
function run(
  routes: Routes,
  operation: Operation,
  params: Params,
  options: RequestOptions,
): Promise<WithResponse<unknown>> {
  try {
    return start(routes, operation, params, options);
  } catch (error) {
    return Promise.reject(error);
  }
}

function start(
  routes: Routes,
  operation: Operation,
  params: Params,
  options: RequestOptions,
): Promise<WithResponse<unknown>> {
  const path: Params = {};
  const query: Params = {};
  const header: Params = {};
  const locations = operation.params;
  for (const name in params) {
    if (name === 'body') continue;
    // Header names are case-insensitive: `X-Svc-Link-Token` is the spec's `x-svc-link-token`.
    const headerName = locations?.header && specHeaderName(locations.header.props, name);
    const target =
      locations?.path && Object.hasOwn(locations.path.props, name)
        ? path
        : locations?.query && Object.hasOwn(locations.query.props, name)
          ? query
          : headerName
            ? header
            : undefined;
    if (target) target[target === header ? (headerName as string) : name] = params[name];
    else if (!operation.openQuery) throw new ValidationError(name, `is not a parameter of ${operation.id}`);
    else if (isQueryScalar(params[name])) query[name] = params[name];
    else throw new ValidationError(name, 'must be a string, number or boolean');
  }
  // One object for both: validation reads it as the input, the request as its params.
  const input = { path, query, header, body: params.body };
  prepareCall(operation, input, header, options.idempotencyKey, routes.core.idempotencyHeader);
  const init: DirectInit = {
    params: input,
    body: params.body,
    // Serialized while sending, so an unserializable field is a ValidationError like any bad input.
    bodySerializer: operation.multipart ? (toFormData as DirectInit['bodySerializer']) : undefined,
    headers: options.headers as DirectInit['headers'],
  };
  const call = new Call(operation.method, operation.path, options, routes.core);
  if (!operation.multipart) return send(routes, call, init);
  // Files are read into memory (streams counted against the size limit) before the request is built.
  return prepareUploads(operation.body, params.body).then((body) => {
    init.body = body;
    return send(routes, call, init);
  });
}

function send(routes: Routes, call: Call, init: DirectInit): Promise<WithResponse<unknown>> {
  if (routes.middleware.length === 0) return sendDirect(routes.direct, call, init, finish);
  return sendThroughOpenapiFetch(routes.core, call, init as unknown as Params).then((result) =>
    finish(result, call),
  );
}

/** The call's data with its response and request id, or its typed error. */
function finish({ data, error, response }: FetchResult, call: Call): WithResponse<unknown> {
  if (!response.ok) throw answerError(response, error, call.what, call.secrets);
  return withResponseOf(response, data, requestIdOf(response.headers));
}

function specHeaderName(props: Readonly<Record<string, unknown>>, name: string): string | undefined {
  if (Object.hasOwn(props, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(props).find((key) => key.toLowerCase() === lower);
}
