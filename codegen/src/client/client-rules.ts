// Turns JSON Schema from the bundled spec into the client's validation rules (a row's `Rule`).
// Only constraints the service states are kept; enums never are, since non-exhaustive enums may gain values.

import { followRef } from '@svc/spec';
import type { FileRule, Rule } from './operation-row.js';

export type JsonObject = Record<string, unknown>;

type RuleType = NonNullable<Rule['type']>;
type ScalarOrArray = NonNullable<Rule['types']>[number];

/** The vendor extension carrying a file property's rules (see spec/README.md). */
export const FILE_EXTENSION = 'x-svc-file';

/** The rules of `x-svc-file`, checked: a bad extension is a generator error, not a silent no-op. */
function fileRuleOf(schema: JsonObject): FileRule {
  const extension = schema[FILE_EXTENSION] as JsonObject | undefined;
  if (extension === undefined) return {};
  const { mediaTypes, maxBytes, ...rest } = extension;
  const problems: string[] = Object.keys(rest).map((key) => `unknown key ${key}`);
  if (
    mediaTypes !== undefined &&
    !(
      Array.isArray(mediaTypes) &&
      mediaTypes.every((t) => typeof t === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(t))
    )
  )
    problems.push('mediaTypes must be a list of type/subtype strings');
  if (maxBytes !== undefined && !(Number.isInteger(maxBytes) && (maxBytes as number) > 0))
    problems.push('maxBytes must be a positive integer');
  if (problems.length > 0) throw new Error(`${FILE_EXTENSION}: ${problems.join('; ')}`);
  return {
    ...(mediaTypes !== undefined && {
      mediaTypes: (mediaTypes as string[]).map((type) => type.toLowerCase()),
    }),
    ...(maxBytes !== undefined && { maxBytes: maxBytes as number }),
  };
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);
const SIMPLE_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);

/** Resolves a local `$ref` (`#/components/...`) in the bundled spec; a bad reference is a generator error. */
export function resolveRef<T = JsonObject>(spec: JsonObject, node: unknown): T {
  if (typeof (node as JsonObject | null)?.$ref !== 'string') return node as T;
  const target = followRef(spec, node);
  if (target === undefined) throw new Error(`cannot resolve ${JSON.stringify(node)}`);
  return target as T;
}

const isEmpty = (rule: Rule): boolean => Object.keys(rule).length === 0;

/** The validation rule of a schema; `{}` means "anything". Cycles (recursive schemas) stop at `{}`. */
export function ruleOf(spec: JsonObject, node: unknown, stack: unknown[] = []): Rule {
  if (!node || typeof node !== 'object' || stack.includes(node)) return {};
  const schema = resolveRef(spec, node);
  if (stack.includes(schema)) return {};
  const inner = [...stack, node, schema];
  const rule: Rule = {};

  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (members) {
    const resolved = members.map((member) => resolveRef(spec, member));
    const nonNull = resolved.filter((member) => member.type !== 'null');
    // One real alternative (plus null) is checked. A union of scalars and arrays of scalars (lab_id:
    // a value or a list) is checked by type; any other union is left to the service, except what the
    // schema itself states beside it (an open enum is `type: string` with an `anyOf`).
    const alternatives = nonNull.map((member) => ruleOf(spec, member, inner));
    const union = scalarOrListUnion(alternatives);
    if (nonNull.length === 1) Object.assign(rule, alternatives[0]);
    else if (union) Object.assign(rule, union);
    else if (schema.type === undefined && !schema.properties && !schema.allOf) return {};
    if (nonNull.length < resolved.length) rule.nullable = true;
  }
  for (const member of (schema.allOf as unknown[] | undefined) ?? [])
    merge(rule, ruleOf(spec, member, inner));

  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []) as string[];
  if (types.includes('null')) rule.nullable = true;
  const real = types.filter((type) => type !== 'null');
  if (real.length === 1 && SIMPLE_TYPES.has(real[0] as string)) rule.type = real[0] as RuleType;
  else if (real.length > 1) {
    delete rule.type;
    // A union of scalars (e.g. lab_id: integer | string) still refuses objects and arrays.
    if (real.every((type) => SCALAR_TYPES.has(type))) rule.types = real as ScalarOrArray[];
  }
  // A file (`format: binary`) is bytes at run time, not a string.
  if (schema.format === 'binary') {
    delete rule.type;
    rule.file = fileRuleOf(schema);
  } else if (schema[FILE_EXTENSION] !== undefined) {
    throw new Error(`${FILE_EXTENSION} belongs on a format: binary property`);
  }
  if (schema.format === 'uuid' && rule.type === 'string') rule.uuid = true;

  const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const set = (key: 'min' | 'max', value: number | undefined) => {
    if (value !== undefined) rule[key] = value;
  };
  if (rule.type === 'string') {
    set('min', number('minLength'));
    set('max', number('maxLength'));
    if (typeof schema.pattern === 'string') rule.pattern = schema.pattern;
  } else if (rule.type === 'array') {
    set('min', number('minItems'));
    set('max', number('maxItems'));
    const items = ruleOf(spec, schema.items, inner);
    if (!isEmpty(items)) rule.items = items;
  } else if (rule.type === 'integer' || rule.type === 'number') {
    set('min', number('minimum'));
    set('max', number('maximum'));
    // Exclusive bounds are exact only for integers; for numbers they are left to the service.
    if (rule.type === 'integer') {
      const exclusiveMin = number('exclusiveMinimum');
      const exclusiveMax = number('exclusiveMaximum');
      if (exclusiveMin !== undefined)
        rule.min = Math.max(rule.min ?? -Infinity, Math.floor(exclusiveMin) + 1);
      if (exclusiveMax !== undefined) rule.max = Math.min(rule.max ?? Infinity, Math.ceil(exclusiveMax) - 1);
    }
  }
  const properties = schema.properties as Record<string, unknown> | undefined;
  const required = schema.required as string[] | undefined;
  if (properties || required) {
    if (!rule.type && types.length === 0) rule.type = 'object';
    const props: Record<string, Rule> = { ...rule.props };
    for (const [name, property] of Object.entries(properties ?? {})) {
      const propertyRule = ruleOf(spec, property, inner);
      if (!isEmpty(propertyRule)) props[name] = propertyRule;
    }
    if (Object.keys(props).length > 0) rule.props = props;
    if (required?.length) rule.required = [...new Set([...(rule.required ?? []), ...required])];
  }
  return rule;
}

/** `types` (and `items`) for alternatives that are each a plain scalar type or one array of them; else undefined. */
function scalarOrListUnion(alternatives: Rule[]): Rule | undefined {
  const types = new Set<ScalarOrArray>();
  let items: Rule | undefined;
  for (const alternative of alternatives) {
    const { type, types: scalars, items: itemRule, ...rest } = alternative;
    if (Object.keys(rest).length > 0) return undefined;
    if (type === 'array' && !items && !scalars) {
      if (itemRule && (itemRule.type ? !SCALAR_TYPES.has(itemRule.type) : !itemRule.types)) return undefined;
      items = itemRule ?? {};
      types.add('array');
    } else if (type && SCALAR_TYPES.has(type) && !itemRule && !scalars) types.add(type as ScalarOrArray);
    else if (scalars && !type && !itemRule) for (const scalar of scalars) types.add(scalar);
    else return undefined;
  }
  if (types.size < 2) return undefined;
  return { types: [...types], ...(items && Object.keys(items).length > 0 ? { items } : {}) };
}

/** allOf: every member's constraints apply. */
function merge(target: Rule, source: Rule): void {
  const { props, required, ...rest } = source;
  Object.assign(target, rest);
  if (props) target.props = { ...target.props, ...props };
  if (required) target.required = [...new Set([...(target.required ?? []), ...required])];
}
