// The bundled OpenAPI document the mock serves: the fuzz tests take every operation, parameter and body
// schema from it, so they check the client against the spec rather than against the client's own table.
import { eachOperation, followRef, loadSpec } from '@svc/spec';

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

const document = loadSpec();
export const spec = document as unknown as Document;

/** Follows a local `$ref` (`#/components/schemas/Marker`) to what it names. */
export function deref<T>(value: T | { $ref: string }): T {
  return (followRef(spec as unknown as Record<string, unknown>, value) ?? value) as T;
}

const CLIENT_OWNED = new Set(['x-svc-api-key', 'idempotency-key']);

export const specOperations: SpecOperation[] = [...eachOperation(document)]
  .filter(({ operation }) => typeof operation.operationId === 'string')
  .map(({ method, name, operation, parameters: all }) => {
    const parameters = (all as unknown as Parameter[]).filter(
      (parameter) => !CLIENT_OWNED.has(parameter.name.toLowerCase()),
    );
    const requestBody = operation.requestBody
      ? deref<{ required?: boolean; content: Record<string, { schema: Schema }> }>(
          operation.requestBody as { content: Record<string, { schema: Schema }> },
        )
      : undefined;
    const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
    return {
      id: operation.operationId as string,
      method: method.toUpperCase(),
      path: name,
      parameters,
      openRequest: (operation as { 'x-svc-open-request'?: boolean })['x-svc-open-request'] === true,
      ...(requestBody && contentType && media
        ? { body: { required: requestBody.required === true, contentType, schema: media.schema } }
        : {}),
    };
  });
