// The bundled OpenAPI document the mock serves: the fuzz tests take every operation, parameter and body
// schema from it, so they check the client against the spec rather than against the client's own table.
import { eachOperation, followRef, loadSpec, type ParameterObject, type SchemaObject } from '@svc/spec';

/** An operation as a caller sends it: the parameters and body the fuzz tests generate. */
export interface CallableOperation {
  id: string;
  method: string;
  path: string;
  /** Parameters the caller passes (the API key header is the client's own), each with its schema. */
  parameters: Array<ParameterObject & { schema: SchemaObject }>;
  body?: { required: boolean; contentType: string; schema: SchemaObject };
  /** `x-svc-open-request`: the request shape is not published, so undeclared scalar params go to the query. */
  openRequest: boolean;
}

export const spec = loadSpec();

/** Follows a schema's local `$ref` (`#/components/schemas/Marker`) to what it names. */
export const deref = (schema: SchemaObject): SchemaObject => followRef(spec, schema) ?? schema;

const CLIENT_OWNED = new Set(['x-svc-api-key', 'idempotency-key']);

export const specOperations: CallableOperation[] = [...eachOperation(spec)]
  .filter(({ operation }) => typeof operation.operationId === 'string')
  .map(({ method, name, operation, parameters: all }) => {
    const parameters = all
      .filter((parameter) => !CLIENT_OWNED.has(parameter.name.toLowerCase()))
      .map(({ schema, ...parameter }) => {
        if (!schema) throw new Error(`parameter ${parameter.name} of ${name} has no schema to fuzz`);
        return { ...parameter, schema };
      });
    const requestBody = followRef(spec, operation.requestBody);
    const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
    return {
      id: operation.operationId as string,
      method: method.toUpperCase(),
      path: name,
      parameters,
      openRequest: operation['x-svc-open-request'] === true,
      ...(requestBody && contentType && media?.schema
        ? { body: { required: requestBody.required === true, contentType, schema: media.schema } }
        : {}),
    };
  });
