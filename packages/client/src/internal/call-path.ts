import { idempotencyKey } from '../idempotency-key.js';
import { findOperation } from './find-operation.js';
import { toFormData } from './form-data.js';
import { checkPathParams } from './path-segment.js';
import { DEFAULT_IDEMPOTENCY_HEADER } from './retry-safety.js';
import { type CoreClient, type FetchResult, send } from './send.js';
import { prepareUploads } from './upload-body.js';
import { validateInput } from './validate.js';

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
  // The caller's signal stays off the Request openapi-fetch builds (see call-state.ts).
  const { signal, timeoutMs, maxRetries, idempotencyKey: givenKey, ...rest } = init;
  const operation = findOperation(method, path);
  const params = rest.params ?? {};
  try {
    if (operation)
      validateInput(operation, {
        path: params.path,
        query: params.query,
        header: params.header,
        body: rest.body,
      });
    // A path outside the table still never sends a value that changes the path's shape.
    else checkPathParams(params.path);
  } catch (error) {
    return Promise.reject(error);
  }
  // A key given as a header (any letter case, default or confirmed name) goes under the client's name once.
  const header: Record<string, unknown> = { ...params.header };
  let headerKey: unknown;
  for (const name of Object.keys(header)) {
    const lower = name.toLowerCase();
    if (
      lower === core.idempotencyHeader.toLowerCase() ||
      lower === DEFAULT_IDEMPOTENCY_HEADER.toLowerCase()
    ) {
      headerKey ??= header[name];
      delete header[name];
    }
  }
  const key = givenKey ?? headerKey ?? (operation?.idempotent ? idempotencyKey() : undefined);
  if (key !== undefined) rest.params = { ...params, header: { ...header, [core.idempotencyHeader]: key } };
  const state = { what: `${method} ${path}`, signal, timeoutMs, maxRetries };
  if (!operation?.multipart) return send(core, method, path, rest, state);
  // A file upload is multipart, never JSON, in this call style too.
  rest.bodySerializer ??= toFormData;
  return prepareUploads(operation.body, rest.body).then((body) => {
    rest.body = body;
    return send(core, method, path, rest, state);
  });
}
