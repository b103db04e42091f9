import type { MediaTypeObject, OpenApiDocument, ParameterObject, ResponseObject } from '@svc/spec';
import { eachOperation } from '@svc/spec/each-operation';
import { followRef } from '@svc/spec/follow-ref';
import { headerParameterName } from '@svc/spec/header-parameter-name';

/** One operation of the spec, with its `$ref`s resolved and its path template compiled. */
export interface IndexedOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: ParameterObject[];
  requestBody: { required: boolean; content: Record<string, MediaTypeObject> } | undefined;
  responses: Record<string, ResponseObject>;
  /** The header of its idempotency key, when the spec marks it `x-svc-idempotent`: the sandbox answers a repeat once. */
  idempotencyKeyHeader: string | undefined;
  /** The spec's `x-svc-file` rules of each file field of the request body, by field name. */
  files: Readonly<Record<string, FileRules>>;
  /** How many days of data one call returns (the spec's `x-svc-window-days`), when the spec says. */
  windowDays: number | undefined;
  segments: ReadonlyArray<{ literal: string } | { param: string }>;
}

/** What a file field accepts (`x-svc-file` in the spec). */
export interface FileRules {
  mediaTypes: readonly string[];
  maxBytes?: number;
}

/** The `x-svc-file` rules of a request body's properties, read once when the spec is indexed. */
function fileRulesOf(
  document: OpenApiDocument,
  content: Record<string, MediaTypeObject> | undefined,
): Record<string, FileRules> {
  const rules: Record<string, FileRules> = {};
  for (const media of Object.values(content ?? {})) {
    const schema = followRef(document, media.schema);
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      const file = followRef(document, property)?.['x-svc-file'] as FileRules | undefined;
      if (file) rules[name] = file;
    }
  }
  return rules;
}

export interface RouteMatch {
  operation: IndexedOperation;
  params: Record<string, string>;
}

/** Every operation of a document's `paths` (the API's, or the sandbox's control API), and a router over them. */
export class SpecIndex {
  readonly operations: IndexedOperation[] = [];
  readonly byId = new Map<string, IndexedOperation>();

  constructor(readonly document: OpenApiDocument) {
    for (const { method, name: path, operation: raw, parameters } of eachOperation(document)) {
      const body = followRef(document, raw.requestBody);
      const windowDays = raw['x-svc-window-days'];
      const operation: IndexedOperation = {
        operationId: raw.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters,
        requestBody: body ? { required: body.required === true, content: body.content } : undefined,
        responses: Object.fromEntries(
          Object.entries(raw.responses ?? {}).map(([code, response]) => [
            code,
            followRef(document, response) as ResponseObject,
          ]),
        ),
        idempotencyKeyHeader:
          raw['x-svc-idempotent'] === true ? headerParameterName(document, 'idempotencyKey') : undefined,
        files: fileRulesOf(document, body?.content),
        windowDays:
          Number.isInteger(windowDays) && (windowDays as number) > 0 ? (windowDays as number) : undefined,
        segments: path
          .split('/')
          .slice(1)
          .map((segment) => {
            const param = /^\{(.+)\}$/.exec(segment);
            return param?.[1] ? { param: param[1] } : { literal: segment };
          }),
      };
      this.operations.push(operation);
      this.byId.set(operation.operationId, operation);
    }
    // A literal segment is more specific than a parameter: `/v2/user/resolve/{id}` before `/v2/user/{id}/{provider}`.
    this.operations.sort((a, b) => specificity(b) - specificity(a));
  }

  /**
   * The operation for a method and raw segments (already percent-decoded), `'method'` when the path
   * exists under other methods only, or undefined for an unknown path.
   */
  match(method: string, segments: readonly string[]): RouteMatch | 'method' | undefined {
    let pathMatched = false;
    for (const operation of this.operations) {
      const params = matchSegments(operation, segments);
      if (!params) continue;
      if (operation.method === method || (method === 'HEAD' && operation.method === 'GET'))
        return { operation, params };
      pathMatched = true;
    }
    return pathMatched ? 'method' : undefined;
  }
}

function specificity(operation: IndexedOperation): number {
  return operation.segments.reduce((score, s, i) => score + ('literal' in s ? 2 ** (16 - i) : 0), 0);
}

function matchSegments(operation: IndexedOperation, segments: readonly string[]) {
  if (operation.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of operation.segments.entries()) {
    const value = segments[i] as string;
    if ('literal' in segment) {
      if (segment.literal !== value) return undefined;
    } else {
      if (value === '') return undefined;
      params[segment.param] = value;
    }
  }
  return params;
}
