import { HttpError } from '../internal/http-error.js';
import type { IndexedOperation } from '../openapi/spec-index.js';
import type { ServedDocument } from './pipeline-parts.js';
import { type BodyReading, readOperationBody, schemaView } from './read-request.js';

/** How one document's routes are told apart from the rest in refusals, and how its bodies are read. */
export interface RouteRules {
  /** What an unknown route is not, in its 404: "an operation of the API". */
  noun: string;
  bodies: BodyReading;
}

/** A request matched to an operation of its document, its parameters and body checked against it. */
export interface PreparedRequest {
  operation: IndexedOperation;
  params: Record<string, string>;
  query: Record<string, string>;
  body: { mediaType: string; value: unknown } | undefined;
}

/**
 * Everything about a request that needs no world, the same for the API and the control routes: its
 * operation by the document's index (404, or 405 for a path that has other methods), then its path,
 * query and header parameters and its body by the document's validator (422 naming each violation).
 */
export async function prepareRequest(
  served: ServedDocument,
  rules: RouteRules,
  request: Request,
  url: URL,
  segments: readonly string[],
): Promise<PreparedRequest> {
  const head = request.method === 'HEAD';
  const match = served.index.match(head ? 'GET' : request.method, segments);
  if (match === undefined)
    throw new HttpError(404, 'unknown_route', `${request.method} ${url.pathname} is not ${rules.noun}.`);
  if (match === 'method')
    throw new HttpError(405, 'method_not_allowed', `${request.method} is not allowed on ${url.pathname}.`);
  const { operation, params } = match;
  const query = Object.fromEntries(url.searchParams);
  const headers = Object.fromEntries([...request.headers].map(([k, v]) => [k.toLowerCase(), v]));
  const violations = served.validator.parameters(operation, {
    path: { ...params },
    query: { ...query },
    header: { ...headers },
  });
  const body = await readOperationBody(request, operation, rules.bodies);
  if (body) violations.push(...served.validator.body(operation, body.mediaType, schemaView(body.value)));
  if (violations.length > 0)
    throw new HttpError(
      422,
      'invalid_request',
      'The request does not match the API description.',
      violations,
    );
  return { operation, params, query, body };
}

/** Checks a successful answer against its document (the `strict` option); one that breaks it is a 500. */
export function checkAnswer(
  served: ServedDocument,
  operation: IndexedOperation,
  result: { status: number; body: unknown },
): void {
  const problems = served.validator.response(operation, result.status, result.body);
  if (problems.length > 0)
    throw new HttpError(
      500,
      'sandbox_response_invalid',
      `The sandbox's answer to ${operation.operationId} breaks the API description.`,
      problems,
    );
}
