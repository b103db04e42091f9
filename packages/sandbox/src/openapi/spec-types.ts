/** The parts of an OpenAPI 3.1 document the sandbox reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface MediaTypeObject {
  schema?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
  example?: unknown;
}

export interface ResponseObject {
  content?: Record<string, MediaTypeObject>;
}
