// The shape of one row of the client's operation table, as this generator writes it. It is the
// generator's own (it must not import the package it writes into: that would be a circle), and the
// client checks it: the written `src/generated/operations.ts` types its rows with the client's
// `Operation`, so a field one side has and the other lacks fails the client's typecheck.

/** A value's rule: a small subset of JSON Schema; absent keys mean "no constraint". */
export interface Rule {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  /** `format: uuid` */
  uuid?: true;
  /** A union of scalar types, maybe with arrays of them (e.g. `integer | string | (integer | string)[]`). */
  types?: ('string' | 'integer' | 'number' | 'boolean' | 'array')[];
  nullable?: true;
  /** minLength / minItems / minimum, by type. */
  min?: number;
  /** maxLength / maxItems / maximum, by type. */
  max?: number;
  pattern?: string;
  required?: string[];
  props?: Record<string, Rule>;
  items?: Rule;
  /** `format: binary`, with the spec's `x-svc-file` rules when given. */
  file?: FileRule;
}

/** `x-svc-file`: accepted content types (lower case) and the largest size in bytes. */
export interface FileRule {
  mediaTypes?: string[];
  maxBytes?: number;
}

/** Parameters of one location: every name is listed in `props`, so a flat params object can be split. */
export interface ParameterRules {
  required?: string[];
  props: Record<string, Rule>;
}

/** The methods the client sends. */
export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

/** How the items of a page are laid out: a plain array, or provider slug → groups of `{ data, source }`. */
export type ItemsShape = 'list' | 'grouped';

export interface CursorRule {
  style: 'cursor';
  cursorParam: string;
  deprecatedCursorParam?: string;
  nextField: string;
  deprecatedNextField?: string;
  items: string;
  itemsShape: ItemsShape;
}

export interface PageRule {
  style: 'page';
  pageParam: string;
  sizeParam?: string;
  pageField?: string;
  sizeField?: string;
  totalField?: string;
  pagesField?: string;
  items: string;
  itemsShape: ItemsShape;
}

/** `x-svc-pagination`, checked. */
export type PaginationRule = CursorRule | PageRule;

export interface OperationRow {
  /** The spec's operationId: the name of the named method. */
  id: string;
  method: Method;
  path: string;
  idempotent?: true;
  params?: { path?: ParameterRules; query?: ParameterRules; header?: ParameterRules };
  body?: Rule;
  bodyRequired?: true;
  multipart?: true;
  openQuery?: true;
  pagination?: PaginationRule;
  windowDays?: number;
}
