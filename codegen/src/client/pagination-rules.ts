// Reads and checks the `x-svc-pagination` vendor extension of every operation in a bundled spec.
// Pure (no I/O) so that its tests give it small inline specs. The rules it returns are a table row's
// `pagination` (operation-row.ts), which the client's typecheck holds to its own `PaginationRule`.

import { eachOperation, followRef } from '@svc/spec';
import type { CursorRule, ItemsShape, PageRule, PaginationRule } from './operation-row.js';

/** The vendor extension that declares how an operation pages (see spec/openapi.yaml, "Vendor extensions"). */
export const PAGINATION_EXTENSION = 'x-svc-pagination';

export interface PaginatedOperation {
  operationId: string;
  method: string;
  path: string;
  /** Key of the success response in the spec (`200`, `2XX`, ...), as the types index it. */
  successStatus: string;
  rule: PaginationRule;
}

type Json = Record<string, unknown>;

const CURSOR_KEYS = [
  'style',
  'cursorParam',
  'deprecatedCursorParam',
  'nextField',
  'deprecatedNextField',
  'items',
];
const PAGE_KEYS = [
  'style',
  'pageParam',
  'sizeParam',
  'pageField',
  'sizeField',
  'totalField',
  'pagesField',
  'items',
];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasType = (schema: Json | undefined, type: string): boolean =>
  schema !== undefined &&
  (schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type)));

/** `list`: an array of items; `grouped`: a map from provider slug to groups of `{ data: [...], source }`. */
function itemsShapeOf(spec: Json, schema: Json | undefined): ItemsShape | undefined {
  if (hasType(schema, 'array')) return 'list';
  const groups = followRef(spec, schema?.additionalProperties);
  if (!hasType(schema, 'object') || !hasType(groups, 'array')) return undefined;
  const group = followRef(spec, groups?.items);
  const properties = isObject(group?.properties) ? group.properties : {};
  const data = followRef(spec, properties.data);
  return hasType(data, 'array') && properties.source !== undefined ? 'grouped' : undefined;
}

function successResponse(
  spec: Json,
  operation: Json,
): { status: string; schema: Json | undefined } | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const statuses = Object.keys(responses).filter((status) => /^2(\d\d|XX)$/i.test(status));
  const status = statuses.includes('200') ? '200' : statuses.sort()[0];
  if (status === undefined) return undefined;
  const content = followRef(spec, responses[status])?.content;
  const json = isObject(content) ? content['application/json'] : undefined;
  return { status, schema: followRef(spec, isObject(json) ? json.schema : undefined) };
}

function checkRule(
  spec: Json,
  where: string,
  extension: Json,
  queryParams: Set<string>,
  body: Json | undefined,
  problems: string[],
): PaginationRule | undefined {
  const fail = (message: string) => {
    problems.push(`${where}: ${message}`);
  };
  const properties = isObject(body?.properties) ? body.properties : {};
  const style = extension.style;
  if (style !== 'cursor' && style !== 'page') {
    fail(`style must be "cursor" or "page", got ${JSON.stringify(style)}`);
    return undefined;
  }
  const allowed = style === 'cursor' ? CURSOR_KEYS : PAGE_KEYS;
  for (const key of Object.keys(extension)) {
    if (!allowed.includes(key))
      fail(`unknown key "${key}" for style ${style} (allowed: ${allowed.join(', ')})`);
  }
  const name = (key: string, required: boolean, kind: 'param' | 'field'): string | undefined => {
    const value = extension[key];
    if (value === undefined) {
      if (required) fail(`${key} is required for style ${style}`);
      return undefined;
    }
    if (typeof value !== 'string' || value === '') {
      fail(`${key} must be a non-empty string`);
      return undefined;
    }
    if (kind === 'param' && !queryParams.has(value)) fail(`${key} "${value}" is not a query parameter`);
    if (kind === 'field' && !(value in properties)) fail(`${key} "${value}" is not a response field`);
    return value;
  };
  const items = name('items', true, 'field');
  const itemsShape = items === undefined ? undefined : itemsShapeOf(spec, followRef(spec, properties[items]));
  if (items !== undefined && items in properties && itemsShape === undefined) {
    fail(`items "${items}" is neither an array nor a map of groups with "data" and "source"`);
  }
  if (style === 'cursor') {
    const rule = {
      style,
      cursorParam: name('cursorParam', true, 'param'),
      deprecatedCursorParam: name('deprecatedCursorParam', false, 'param'),
      nextField: name('nextField', true, 'field'),
      deprecatedNextField: name('deprecatedNextField', false, 'field'),
      items,
      itemsShape,
    };
    return rule.cursorParam && rule.nextField && items && itemsShape
      ? (withoutUndefined(rule) as CursorRule)
      : undefined;
  }
  const pageParam = name('pageParam', true, 'param');
  const sizeParam = name('sizeParam', false, 'param');
  const echoed = (declared: string, param: string | undefined) =>
    name(declared, false, 'field') ?? (param !== undefined && param in properties ? param : undefined);
  const rule = {
    style,
    pageParam,
    sizeParam,
    pageField: echoed('pageField', pageParam),
    sizeField: echoed('sizeField', sizeParam),
    totalField: name('totalField', false, 'field'),
    pagesField: name('pagesField', false, 'field'),
    items,
    itemsShape,
  };
  return pageParam && items && itemsShape ? (withoutUndefined(rule) as PageRule) : undefined;
}

/** Drops absent optional keys, so the generated table lists only what the spec declares. */
const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

/**
 * Every operation of `spec` that carries `x-svc-pagination`, in spec order, with its rule checked
 * against the operation's query parameters and success response. Throws one error listing every problem.
 */
export function readPaginatedOperations(spec: unknown): PaginatedOperation[] {
  if (!isObject(spec)) throw new Error('the spec is not a JSON object');
  const problems: string[] = [];
  const operations: PaginatedOperation[] = [];
  for (const { method, name: path, operation, parameters } of eachOperation(spec)) {
    const extension = operation[PAGINATION_EXTENSION];
    if (extension === undefined) continue;
    const where = `${method.toUpperCase()} ${path}`;
    if (!isObject(extension)) {
      problems.push(`${where}: ${PAGINATION_EXTENSION} must be an object`);
      continue;
    }
    const operationId = operation.operationId;
    if (typeof operationId !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(operationId)) {
      problems.push(`${where}: a paginated operation needs an operationId that is a valid identifier`);
      continue;
    }
    const queryParams = new Set(
      parameters.filter((p) => p.in === 'query' && typeof p.name === 'string').map((p) => p.name as string),
    );
    const success = successResponse(spec, operation);
    if (!success?.schema) {
      problems.push(`${where}: no 2XX application/json response to read pages from`);
      continue;
    }
    const rule = checkRule(spec, where, extension, queryParams, success.schema, problems);
    if (rule) operations.push({ operationId, method, path, successStatus: success.status, rule });
  }
  if (problems.length > 0) {
    throw new Error(`Invalid ${PAGINATION_EXTENSION} in the spec:\n  - ${problems.join('\n  - ')}`);
  }
  return operations;
}
