import type { PaginationRule } from './pagination-rules.js';

/**
 * Shape of the generated operation table (src/generated/operations.ts). Rules are a small subset of
 * JSON Schema read from the spec: enough to refuse input the service would refuse, never enums (they
 * may gain values). Absent keys mean "no constraint".
 */
export interface Rule {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  /** `format: uuid` */
  uuid?: true;
  /** A union of scalar types, maybe with arrays of them (e.g. `integer | string | (integer | string)[]`). */
  types?: readonly ('string' | 'integer' | 'number' | 'boolean' | 'array')[];
  /** `null` is allowed. */
  nullable?: true;
  /** minLength / minItems / minimum, by type. */
  min?: number;
  /** maxLength / maxItems / maximum, by type. */
  max?: number;
  pattern?: string;
  /** Required property names (objects). */
  required?: readonly string[];
  props?: Readonly<Record<string, Rule>>;
  /** Items of an array (`type: array`, or `types` with `array`). */
  items?: Rule;
  /** `format: binary`: a file (see upload-input.ts), with the spec's `x-svc-file` rules when given. */
  file?: FileRule;
}

/** A file field's rules: accepted content types (lower case) and the largest size in bytes. */
export interface FileRule {
  mediaTypes?: readonly string[];
  maxBytes?: number;
}

/** Parameters of one location: every name is listed in `props`, so a flat params object can be split. */
export interface ParameterRules {
  required?: readonly string[];
  props: Readonly<Record<string, Rule>>;
}

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface Operation {
  /** The spec's operationId: the name of the named method. */
  id: string;
  method: Method;
  /** Path template, as in the spec. */
  path: string;
  /** `x-svc-idempotent`: takes an Idempotency-Key, generated once per call when not given. */
  idempotent?: true;
  params?: { path?: ParameterRules; query?: ParameterRules; header?: ParameterRules };
  body?: Rule;
  bodyRequired?: true;
  /** The body is sent as multipart/form-data (file uploads). */
  multipart?: true;
  /** `x-svc-open-request`: the request's full shape is not published, so undeclared scalar params go to the query. */
  openQuery?: true;
  /** `x-svc-pagination`: how the operation pages; its named method returns a PagePromise. */
  pagination?: PaginationRule;
  /** `x-svc-window-days`: how many days of data one call returns; for helpers to tell, never checked. */
  windowDays?: number;
}
