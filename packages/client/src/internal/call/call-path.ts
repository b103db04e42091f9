import { toFormData } from '../input/form-data.js';
import { prepareUploads } from '../input/upload-body.js';
import type { FetchResult } from '../route/call-context.js';
import { type CoreClient, sendThroughOpenapiFetch } from '../route/openapi-fetch-route.js';
import { Call } from './call.js';
import { findOperation } from './find-operation.js';
import { prepareCall } from './prepare-call.js';

type Params = {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
};
type PathInit = Record<string, unknown> & {
  params?: Params;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  maxResponseBytes?: number;
  idempotencyKey?: string;
};

/**
 * A typed path client call (`client.GET('/v2/...', init)`): openapi-fetch's `{ data, error, response }`
 * for HTTP outcomes, but validated first, and no-response failures throw typed errors.
 */
export function callPath(
  core: CoreClient,
  method: string,
  path: string,
  init: PathInit = {},
): Promise<FetchResult> {
  // The call's limits are read from `init` by the Call; openapi-fetch gets the rest, so the caller's
  // signal stays off the Request it builds (see transport/call-state.ts).
  const { signal, timeoutMs, maxRetries, maxResponseBytes, idempotencyKey: givenKey, ...rest } = init;
  const operation = findOperation(method, path);
  const params = rest.params ?? {};
  // A key given as a header (any letter case, default or confirmed name) goes under the client's name once.
  const header: Record<string, unknown> = { ...params.header };
  try {
    prepareCall(
      operation,
      { path: params.path, query: params.query, header: params.header, body: rest.body },
      header,
      givenKey,
      core.idempotencyHeader,
    );
  } catch (error) {
    return Promise.reject(error);
  }
  if (header[core.idempotencyHeader] !== undefined) rest.params = { ...params, header };
  const call = new Call(method, path, init, core);
  if (!operation?.multipart) return sendThroughOpenapiFetch(core, call, rest);
  // A file upload is multipart, never JSON, in this call style too.
  rest.bodySerializer ??= toFormData;
  return prepareUploads(operation.body, rest.body).then((body) => {
    rest.body = body;
    return sendThroughOpenapiFetch(core, call, rest);
  });
}
