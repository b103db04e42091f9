// The test oracle: does a named method's flat params object break the spec? It applies the rules the
// client promises to check (README "Validation before sending": required, types, uuid, lengths in
// characters, number bounds, patterns, nested objects and items) and, like the client, never enums or
// other formats. Written from the spec, independently of the client's generated table.
import type { SchemaObject } from '@svc/spec';
import { type CallableOperation, deref } from '../spec.js';

export interface OracleOptions {
  /** Skip type lists other than `[T, "null"]`, for a caller that checks less than the client does. */
  skipUnionTypes?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

/** The first violation of `schema` by `value`, as `path: problem`, or undefined. */
export function violation(
  input: SchemaObject,
  value: unknown,
  path: string,
  options: OracleOptions,
): string | undefined {
  const schema = deref(input);
  // oneOf is read as anyOf: the client checks that some member fits, never that only one does.
  for (const members of [schema.oneOf, schema.anyOf]) {
    if (!members) continue;
    const misses = members.map((member) => violation(member, value, path, options));
    if (misses.every(Boolean)) return misses[0];
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const union = types.filter((type) => type !== 'null').length > 1;
  if (
    types.length > 0 &&
    !(union && options.skipUnionTypes) &&
    !types.some((type) => typeMatches(type, value))
  ) {
    return `${path}: not ${types.join(' | ')}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength)
      return `${path}: shorter than ${schema.minLength}`;
    if (schema.maxLength !== undefined && length > schema.maxLength)
      return `${path}: longer than ${schema.maxLength}`;
    if (schema.format === 'uuid' && !UUID.test(value)) return `${path}: not a uuid`;
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      return `${path}: does not match the pattern`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${path}: below ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${path}: above ${schema.maximum}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (const [index, item] of value.entries()) {
      const problem = violation(schema.items, item, `${path}[${index}]`, options);
      if (problem) return problem;
    }
  }
  if (isObject(value)) {
    for (const name of schema.required ?? [])
      if (value[name] === undefined) return `${path}.${name}: required`;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (value[name] === undefined) continue;
      const problem = violation(property, value[name], `${path}.${name}`, options);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Whether the flat params of a named method call break the spec (undefined when they do not). */
export function paramsViolation(
  operation: CallableOperation,
  params: unknown,
  options: OracleOptions = {},
): string | undefined {
  // A call without params, or with a value that has no keys (a number, say), asks for nothing.
  const flat: Record<string, unknown> =
    isObject(params) || typeof params === 'string' || Array.isArray(params) ? { ...(params as object) } : {};
  const { body, ...rest } = flat;
  for (const name of Object.keys(rest)) {
    if (operation.parameters.some((parameter) => parameter.name === name)) continue;
    // Operations whose request shape is not published send undeclared scalars as query parameters.
    const value = rest[name];
    const scalar =
      value === undefined ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!operation.openRequest) return `${name}: not a parameter`;
    if (!scalar) return `${name}: not a scalar query value`;
  }
  for (const parameter of operation.parameters) {
    const value = rest[parameter.name];
    if (value === undefined) {
      if (parameter.required) return `${parameter.name}: required`;
      continue;
    }
    const problem = violation(parameter.schema, value, parameter.name, options);
    if (problem) return problem;
  }
  if (body === undefined) return operation.body?.required ? 'body: required' : undefined;
  if (!operation.body) return 'body: the operation takes none';
  if (operation.body.contentType === 'multipart/form-data') return undefined;
  return violation(operation.body.schema, body, 'body', options);
}
