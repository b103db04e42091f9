import { ValidationError } from '../../errors.js';
import type { Operation, ParameterRules, Rule } from '../../operation.js';
import { checkPathParams } from './path-segment.js';
import { checkFile } from './upload-input.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const patterns = new Map<string, RegExp>();

function fail(field: string, problem: string): never {
  throw new ValidationError(field, problem);
}

/** JSON Schema counts code points, not UTF-16 units; only counted when the unit count is not decisive. */
const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** Values never appear in messages: they may be personal data or secrets. */
export function check(rule: Rule, value: unknown, field: string): void {
  if (value === null) {
    if (rule.nullable || (!rule.type && !rule.types)) return;
    fail(field, 'must not be null');
  }
  if (rule.file) {
    checkFile(rule.file, value, field);
    return;
  }
  if (
    rule.types &&
    !rule.types.some((type) =>
      type === 'integer'
        ? Number.isInteger(value)
        : type === 'number'
          ? Number.isFinite(value)
          : type === 'array'
            ? Array.isArray(value)
            : typeof value === type,
    )
  )
    fail(field, `must be ${rule.types.join(' or ')}`);
  // A union with arrays (a value or a list of them) checks the list's items too.
  if (rule.types && rule.items && Array.isArray(value))
    for (let index = 0; index < value.length; index++) check(rule.items, value[index], `${field}[${index}]`);
  switch (rule.type) {
    case 'string': {
      if (typeof value !== 'string') fail(field, 'must be a string');
      if (rule.uuid && !UUID.test(value)) fail(field, 'must be a uuid');
      const { min, max } = rule;
      if (min !== undefined && (value.length < min || (value.length < 2 * min && codePoints(value) < min)))
        fail(field, `must be at least ${min} characters`);
      if (max !== undefined && value.length > max && codePoints(value) > max)
        fail(field, `must be at most ${max} characters (got ${codePoints(value)})`);
      if (rule.pattern !== undefined) {
        let regex = patterns.get(rule.pattern);
        if (!regex) {
          regex = new RegExp(rule.pattern, 'u');
          patterns.set(rule.pattern, regex);
        }
        if (!regex.test(value)) fail(field, `must match ${rule.pattern}`);
      }
      return;
    }
    case 'integer':
    case 'number':
      if (
        rule.type === 'integer'
          ? !Number.isInteger(value)
          : typeof value !== 'number' || !Number.isFinite(value)
      )
        fail(field, `must be ${rule.type === 'integer' ? 'an integer' : 'a finite number'}`);
      if (rule.min !== undefined && (value as number) < rule.min) fail(field, `must be at least ${rule.min}`);
      if (rule.max !== undefined && (value as number) > rule.max) fail(field, `must be at most ${rule.max}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail(field, 'must be a boolean');
      return;
    case 'array': {
      if (!Array.isArray(value)) fail(field, 'must be an array');
      if (rule.min !== undefined && value.length < rule.min)
        fail(field, `must have at least ${rule.min} items`);
      if (rule.max !== undefined && value.length > rule.max)
        fail(field, `must have at most ${rule.max} items`);
      const { items } = rule;
      if (items)
        for (let index = 0; index < value.length; index++) check(items, value[index], `${field}[${index}]`);
      return;
    }
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) fail(field, 'must be an object');
      checkProperties(rule, value as Record<string, unknown>, `${field}.`);
  }
}

function checkProperties(rule: Rule | ParameterRules, value: Record<string, unknown>, prefix: string): void {
  for (const name of rule.required ?? []) if (value[name] === undefined) fail(prefix + name, 'is required');
  const { props } = rule;
  if (props)
    for (const name in props) {
      const item = value[name];
      if (item !== undefined) check(props[name] as Rule, item, prefix + name);
    }
}

export interface Input {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  header?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Throws ValidationError naming the first bad field (parameters by name, body fields as `body.x`). */
export function validateInput(operation: Operation, input: Input): void {
  const { params, body } = operation;
  // Before the rules: a value that would reach another operation's path is refused whatever its type.
  checkPathParams(input.path);
  if (params) {
    if (params.path) checkProperties(params.path, input.path ?? {}, '');
    if (params.query) checkProperties(params.query, input.query ?? {}, '');
    if (params.header) checkProperties(params.header, input.header ?? {}, '');
  }
  if (input.body === undefined) {
    if (operation.bodyRequired) fail('body', 'is required');
  } else if (body && !(typeof FormData !== 'undefined' && input.body instanceof FormData)) {
    check(body, input.body, 'body');
  }
}
