// The bundled OpenAPI document the mock serves: the fuzz tests take every operation, parameter and body
// schema from it, so they check the client against the spec rather than against the client's own table.
import { createRequire } from 'node:module';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface SpecOperation {
  id: string;
  method: string;
  path: string;
  /** Parameters the caller passes (the API key header is the client's own). */
  parameters: Parameter[];
  body?: { required: boolean; contentType: string; schema: Schema };
  /** `x-svc-open-request`: the request shape is not published, so undeclared scalar params go to the query. */
  openRequest: boolean;
}

interface Document {
  paths: Record<
    string,
    Record<string, { operationId?: string; parameters?: unknown[]; requestBody?: unknown }>
  >;
  components: Record<string, Record<string, unknown>>;
}

export const spec = createRequire(import.meta.url)('@svc/mock/openapi.json') as Document;

/** Follows a local `$ref` (`#/components/schemas/Marker`) to what it names. */
export function deref<T>(value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let hops = 0; hops < 20; hops++) {
    const ref = (current as { $ref?: string } | null)?.$ref;
    if (typeof ref !== 'string') return current as T;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], spec);
  }
  throw new Error('reference cycle');
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const CLIENT_OWNED = new Set(['x-svc-api-key', 'idempotency-key']);

export const specOperations: SpecOperation[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]?.operationId).map((method) => {
    const operation = item[method] as {
      operationId: string;
      parameters?: unknown[];
      requestBody?: unknown;
      'x-svc-open-request'?: boolean;
    };
    const parameters = (operation.parameters ?? [])
      .map((parameter) => deref<Parameter>(parameter as Parameter))
      .filter((parameter) => !CLIENT_OWNED.has(parameter.name.toLowerCase()));
    const requestBody = operation.requestBody
      ? deref<{ required?: boolean; content: Record<string, { schema: Schema }> }>(
          operation.requestBody as { content: Record<string, { schema: Schema }> },
        )
      : undefined;
    const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
    return {
      id: operation.operationId,
      method: method.toUpperCase(),
      path,
      parameters,
      openRequest: operation['x-svc-open-request'] === true,
      ...(requestBody && contentType && media
        ? { body: { required: requestBody.required === true, contentType, schema: media.schema } }
        : {}),
    };
  }),
);
