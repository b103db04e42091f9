import { APIPromise, type WithResponse } from '../api-promise.js';
import { errorFromResponse, ValidationError } from '../errors.js';
import { requestIdOf } from '../request-id.js';
import type { RequestOptions } from '../request-options.js';
import { toFormData } from './form-data.js';
import { idempotencyKey } from './idempotency-key.js';
import type { Operation } from './operation.js';
import { type CoreClient, send } from './send.js';
import { validateInput } from './validate.js';

type Params = Record<string, unknown>;

/** What an undeclared parameter may be: one query value (undefined is dropped, like any optional param). */
const isQueryScalar = (value: unknown): boolean =>
  value === undefined || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

/** A named method call: flat params split by location, validated, sent; data or a typed error. */
export function callOperation(
  core: CoreClient,
  operation: Operation,
  params: Params | undefined,
  options: RequestOptions | undefined,
): APIPromise<unknown> {
  return new APIPromise(run(core, operation, params ?? {}, options ?? {}));
}

async function run(
  core: CoreClient,
  operation: Operation,
  params: Params,
  options: RequestOptions,
): Promise<WithResponse<unknown>> {
  const what = `${operation.method} ${operation.path}`;
  const path: Params = {};
  const query: Params = {};
  const header: Params = {};
  const locations = operation.params;
  for (const name in params) {
    if (name === 'body') continue;
    const target =
      locations?.path && Object.hasOwn(locations.path.props, name)
        ? path
        : locations?.query && Object.hasOwn(locations.query.props, name)
          ? query
          : locations?.header && Object.hasOwn(locations.header.props, name)
            ? header
            : undefined;
    if (target) target[name] = params[name];
    else if (!operation.openQuery) throw new ValidationError(name, `is not a parameter of ${operation.id}`);
    else if (isQueryScalar(params[name])) query[name] = params[name];
    else throw new ValidationError(name, 'must be a string, number or boolean');
  }
  const body = params.body;
  validateInput(operation, { path, query, header, body });

  const key = options.idempotencyKey ?? (operation.idempotent ? idempotencyKey() : undefined);
  if (key !== undefined) header['Idempotency-Key'] = key;
  const init = {
    params: { path, query, header },
    body,
    // Serialized inside openapi-fetch, so an unserializable field is a ValidationError like any bad input.
    bodySerializer: operation.multipart ? toFormData : undefined,
    headers: options.headers,
  };
  const state = {
    what,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
  };
  const { data, error, response } = await send(core, operation.method, operation.path, init, state);
  if (!response.ok) throw errorFromResponse(response, error, what);
  return { data, response, requestId: requestIdOf(response.headers) };
}
