import type { OpenApiDocument, ParameterObject, RequestBodyObject, SchemaObject } from '@svc/spec';
import type { SpecOperation } from '@svc/spec/each-operation';
import { followRef } from '@svc/spec/follow-ref';
import { type JsonSchema, toJsonSchema } from './json-schema.js';

/** The header names the server fills in itself, as the spec's shared parameters name them. */
export interface ServerHeaders {
  /** `components.parameters.apiKey`: the key comes from the server's environment, never from a model. */
  apiKey: string;
  /** `components.parameters.idempotencyKey`: a required argument of idempotent operations (see below). */
  idempotencyKey: string;
}

/** Where each argument of a tool came from, for the call: file fields of the body, the idempotency key. */
export interface InputShape {
  schema: JsonSchema;
  /** Body properties that are files (`format: binary`), sent by the model as base64. */
  fileFields: string[];
  /** Optional query parameters: what a caller can pass to narrow a result. */
  filters: string[];
  /** The argument that carries the idempotency key, on `x-svc-idempotent` operations. */
  idempotencyKeyArgument: string | undefined;
}

/** Request bodies the client sends; the first the operation declares is the tool's `body`. */
const BODY_MEDIA_TYPES = ['application/json', 'multipart/form-data'];

/**
 * One tool input: the operation's path, query and header parameters by name (as the client's named
 * method takes them, flat) and `body`. The idempotency key is required where the spec marks the
 * operation idempotent, so a model repeating a call after an unclear outcome repeats the key too and
 * the service acts once. On `x-svc-open-request` operations other scalar arguments are allowed: the
 * client sends them as query parameters, as the spec says the full request shape is not published.
 */
export function inputShape(
  spec: OpenApiDocument,
  { operation, parameters }: SpecOperation,
  headers: ServerHeaders,
): InputShape {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const filters: string[] = [];
  const idempotent = operation['x-svc-idempotent'] === true;
  let idempotencyKeyArgument: string | undefined;
  for (const parameter of parameters) {
    if (parameter.in === 'cookie' || parameter.name === headers.apiKey) continue;
    const isKey = parameter.in === 'header' && parameter.name === headers.idempotencyKey;
    if (isKey && !idempotent) continue;
    properties[parameter.name] = parameterSchema(spec, parameter);
    if (isKey) idempotencyKeyArgument = parameter.name;
    if (parameter.required === true || parameter.in === 'path' || isKey) required.push(parameter.name);
    else if (parameter.in === 'query') filters.push(parameter.name);
  }
  const body = followRef<RequestBodyObject>(spec, operation.requestBody);
  const mediaType = BODY_MEDIA_TYPES.find((type) => body?.content?.[type]);
  const fileFields: string[] = [];
  if (body && mediaType) {
    const bodySchema = body.content[mediaType]?.schema;
    properties.body = describe(toJsonSchema(spec, bodySchema), body.description);
    if (body.required === true) required.push('body');
    if (mediaType === 'multipart/form-data') fileFields.push(...binaryProperties(spec, bodySchema));
  }
  const schema: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties:
      operation['x-svc-open-request'] === true ? { type: ['string', 'number', 'boolean'] } : false,
  };
  return { schema, fileFields, filters, idempotencyKeyArgument };
}

function parameterSchema(spec: OpenApiDocument, parameter: ParameterObject): JsonSchema {
  const schema = toJsonSchema(spec, parameter.schema);
  return describe(
    parameter.deprecated === true ? { ...schema, deprecated: true } : schema,
    parameter.description,
  );
}

/** The parameter's or body's own description wins over its schema's: it says what this use means. */
const describe = (schema: JsonSchema, description: string | undefined): JsonSchema =>
  description ? { ...schema, description } : schema;

/** Top-level properties of a multipart body that are files. */
function binaryProperties(spec: OpenApiDocument, schema: SchemaObject | undefined): string[] {
  const resolved = schema?.$ref ? followRef<SchemaObject>(spec, { $ref: schema.$ref }) : schema;
  return Object.entries(resolved?.properties ?? {})
    .filter(([, property]) => {
      const target = property.$ref ? followRef<SchemaObject>(spec, { $ref: property.$ref }) : property;
      return (property.format ?? target?.format) === 'binary';
    })
    .map(([name]) => name);
}
