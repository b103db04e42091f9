import type {
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
} from './spec-types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** One operation of the spec, with its `$ref`s resolved and its path template compiled. */
export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** JSON pointer of the operation in the document (for Ajv `$ref`s). */
  pointer: string;
  parameters: ParameterObject[];
  requestBody: { required: boolean; content: Record<string, MediaTypeObject> } | undefined;
  responses: Record<string, ResponseObject>;
  idempotent: boolean;
  /** The spec's `x-svc-file` rules of each file field of the request body, by field name. */
  files: Readonly<Record<string, FileRules>>;
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
    const schema = resolveRef<{ properties?: Record<string, unknown> } | undefined>(document, media.schema);
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      const file = resolveRef<{ 'x-svc-file'?: FileRules }>(document, property)['x-svc-file'];
      if (file) rules[name] = file;
    }
  }
  return rules;
}

export interface RouteMatch {
  operation: SpecOperation;
  params: Record<string, string>;
}

/**
 * The header that carries the API key, as the spec names it: its shared `apiKey` header parameter,
 * which every operation requires (the spec states the key as that header, not as a security scheme).
 */
function apiKeyHeaderOf(document: OpenApiDocument): string {
  const parameter = document.components?.parameters?.apiKey as Partial<ParameterObject> | undefined;
  if (parameter?.in !== 'header' || typeof parameter.name !== 'string')
    throw new Error('the spec names no API key header (components.parameters.apiKey, in: header)');
  return parameter.name;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows a local `$ref` (`#/components/...`) until a node that is not a reference. */
export function resolveRef<T>(document: OpenApiDocument, node: unknown): T {
  let current = node as { $ref?: unknown } | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`reference cycle at ${current.$ref}`);
    const parts = current.$ref.replace(/^#\//, '').split('/');
    let target: unknown = document;
    for (const part of parts) {
      target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = target as { $ref?: unknown };
  }
  return current as T;
}

/** Every operation of the spec's `paths`, and a router over them. */
export class SpecIndex {
  readonly operations: SpecOperation[] = [];
  readonly byId = new Map<string, SpecOperation>();
  /** The header that carries the API key (`x-svc-api-key` in the bundled spec). */
  readonly apiKeyHeader: string;

  constructor(readonly document: OpenApiDocument) {
    this.apiKeyHeader = apiKeyHeaderOf(document);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const raw = item[method] as OperationObject | undefined;
        if (!raw) continue;
        const body = raw.requestBody
          ? resolveRef<{ required?: boolean; content: Record<string, MediaTypeObject> }>(
              document,
              raw.requestBody,
            )
          : undefined;
        const operation: SpecOperation = {
          operationId: raw.operationId,
          method: method.toUpperCase(),
          path,
          pointer: `#/paths/${escapePointer(path)}/${method}`,
          parameters: (raw.parameters ?? []).map((p) => resolveRef<ParameterObject>(document, p)),
          requestBody: body ? { required: body.required === true, content: body.content } : undefined,
          responses: Object.fromEntries(
            Object.entries(raw.responses).map(([code, r]) => [code, resolveRef<ResponseObject>(document, r)]),
          ),
          idempotent: raw['x-svc-idempotent'] === true,
          files: fileRulesOf(document, body?.content),
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

function specificity(operation: SpecOperation): number {
  return operation.segments.reduce((score, s, i) => score + ('literal' in s ? 2 ** (16 - i) : 0), 0);
}

function matchSegments(operation: SpecOperation, segments: readonly string[]) {
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
