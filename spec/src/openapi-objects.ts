// Hand-written, not `openapi-types`: its `ReferenceObject | X` unions and closed objects force a cast at each read.

/**
 * The OpenAPI 3.1 objects of a bundled document, open as the JSON is: every field OpenAPI allows to be
 * absent is optional, and every object admits other keys (`x-` extensions). A field that may hold a
 * Reference Object is `Referable<…>`: `followRef(spec, value)` gives the object it names.
 */

/**
 * A Reference Object; in a bundled document every `$ref` is local (`#/components/…`). Open like the rest, so
 * a loose read of a `Referable` field (`examples[name]?.value`) is `unknown` rather than an error.
 */
export interface ReferenceObject {
  $ref: string;
  summary?: string;
  description?: string;
  [key: string]: unknown;
}

/** An object, or a Reference Object in its place. */
export type Referable<T> = T | ReferenceObject;

export interface OpenApiDocument {
  // Optional though OpenAPI requires them: a walker needs neither, and a loosely typed document still fits.
  openapi?: string;
  info?: InfoObject;
  servers?: ServerObject[];
  paths?: Record<string, PathItemObject>;
  webhooks?: Record<string, Referable<PathItemObject>>;
  components?: ComponentsObject;
  security?: Record<string, string[]>[];
  tags?: TagObject[];
  [key: string]: unknown;
}

export interface InfoObject {
  title: string;
  version: string;
  description?: string;
  [key: string]: unknown;
}

export interface ServerObject {
  url: string;
  description?: string;
  [key: string]: unknown;
}

export interface TagObject {
  name: string;
  description?: string;
  [key: string]: unknown;
}

export interface ComponentsObject {
  schemas?: Record<string, SchemaObject>;
  responses?: Record<string, Referable<ResponseObject>>;
  parameters?: Record<string, Referable<ParameterObject>>;
  examples?: Record<string, Referable<ExampleObject>>;
  requestBodies?: Record<string, Referable<RequestBodyObject>>;
  headers?: Record<string, Referable<HeaderObject>>;
  securitySchemes?: Record<string, Referable<Record<string, unknown>>>;
  pathItems?: Record<string, Referable<PathItemObject>>;
  [key: string]: unknown;
}

/** A Path Item: its operations by method, and parameters shared by them. */
export interface PathItemObject {
  $ref?: string;
  summary?: string;
  description?: string;
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  options?: OperationObject;
  head?: OperationObject;
  patch?: OperationObject;
  trace?: OperationObject;
  servers?: ServerObject[];
  parameters?: Referable<ParameterObject>[];
  [key: string]: unknown;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Referable<ParameterObject>[];
  requestBody?: Referable<RequestBodyObject>;
  /** By status code (`200`, `2XX`) or `default`. */
  responses?: Record<string, Referable<ResponseObject>>;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

/** A Parameter Object: a Header Object that names itself and where it goes. */
export interface ParameterObject extends HeaderObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}

/** A Header Object: the fields of a Parameter Object but `name` and `in` (the key it sits under names it). */
export interface HeaderObject {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  style?: string;
  explode?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, Referable<ExampleObject>>;
  content?: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

export interface RequestBodyObject {
  description?: string;
  /** By media type (`application/json`, `multipart/form-data`). */
  content: Record<string, MediaTypeObject>;
  required?: boolean;
  [key: string]: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, Referable<HeaderObject>>;
  /** By media type; absent when the response has no body. */
  content?: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, Referable<ExampleObject>>;
  encoding?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
  [key: string]: unknown;
}

/**
 * A Schema Object: JSON Schema 2020-12 as OpenAPI 3.1 uses it, the keywords this repository reads. A `$ref`
 * may sit beside other keywords, so a schema is never `Referable`: follow its `$ref` where it matters.
 */
export interface SchemaObject {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  not?: SchemaObject;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  [key: string]: unknown;
}
