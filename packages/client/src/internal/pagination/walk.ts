import type { PaginationRule } from '../../pagination-rules.js';
import type { RequestOptions } from '../../request-options.js';
import { abortError } from '../transport/abort/abort-error.js';

export type Json = Record<string, unknown>;

/** Sends one page request through the client: `client[operationId](params, options)`. */
export type CallPage = (params: Json, options: RequestOptions) => PromiseLike<unknown>;

/** Everything one walk needs; built once per iterator, shared by every pass over it. */
export interface Walk {
  operationId: string;
  rule: PaginationRule;
  params: Json;
  call: CallPage;
  requestOptions: RequestOptions;
  maxPages: number;
}

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The client's own abort error, so one `instanceof AbortError` covers a page walk and a call. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** The request params of one page: the caller's params with the pagination params set (or removed). */
export function pageParams(params: Json, set: Json): Json {
  const result = { ...params };
  for (const [name, value] of Object.entries(set)) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}

/** Sends one page request and checks that the body is an object before anything reads it. */
export async function fetchPage(walk: Walk, params: Json): Promise<Json> {
  throwIfAborted(walk.requestOptions.signal);
  const body = await walk.call(params, walk.requestOptions);
  // A non-object body has no items and no next page; treating it as an empty last page keeps the walk finite.
  return isJson(body) ? body : {};
}
