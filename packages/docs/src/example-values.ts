// Example values for code samples, taken from the spec: a parameter's or schema's own example first,
// then the value the spec's examples give to a field of the same name (a `user_id` in a response
// example is a real user id), then one derived from the schema (enum, format, bounds).
import { followRef, type OpenApiDocument, type SchemaObject } from '@svc/spec';

/** The first scalar value each field name has anywhere in the spec's examples. */
export function harvestExampleFields(spec: OpenApiDocument, from?: unknown[]): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  // Each scalar under `key` and, qualified by the object holding it, under `parent.key`.
  const walk = (value: unknown, parent: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, parent);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (inner !== null && typeof inner !== 'object') {
        if (!fields.has(key)) fields.set(key, inner);
        if (parent && !fields.has(`${parent}.${key}`)) fields.set(`${parent}.${key}`, inner);
      }
      walk(inner, key);
    }
  };
  const examples = from ?? Object.values(spec.components?.examples ?? {});
  for (const example of examples) walk(followRef(spec, example)?.value, '');
  return fields;
}

/** Formats with a value every partner recognises; used only when the spec offers no example. */
const BY_FORMAT: Record<string, string> = {
  date: '2026-01-15',
  'date-time': '2026-01-15T09:30:00Z',
  uuid: '5b0b9c36-3c1e-4b8e-9a57-2f1f3c1d8e42',
  email: 'patient@example.com',
  uri: 'https://example.com/callback',
  'phone-number': '+14155550123',
};

/** Names whose meaning fixes the value's shape when the spec gives no example. */
const BY_NAME: Array<[RegExp, string]> = [
  [/_date$|^date$/, '2026-01-15'],
  [/_at$/, '2026-01-15T09:30:00Z'],
];

export class ExampleValues {
  private readonly fields: Map<string, unknown>;
  private local = new Map<string, unknown>();
  constructor(private readonly spec: OpenApiDocument) {
    this.fields = harvestExampleFields(spec);
  }

  /** Prefer values from these examples (the operation's own responses: the same entity). */
  preferExamples(examples: unknown[]): void {
    this.local = harvestExampleFields(this.spec, examples);
  }

  /** A value for a field (or parameter) called `name` with `schemaValue`, never a bare `"string"`. */
  value(name: string, schemaValue: SchemaObject | undefined, depth = 0, parent = ''): unknown {
    const schema: SchemaObject = followRef(this.spec, schemaValue) ?? {};
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.default !== undefined && schema.default !== null) return schema.default;
    if (Array.isArray(schema.enum)) return schema.enum.find((item) => item !== null) ?? null;
    const composed = schema.oneOf ?? schema.anyOf ?? schema.allOf;
    if (Array.isArray(composed) && composed.length > 0) {
      const first = composed.find((member) => followRef(this.spec, member)?.type !== 'null');
      return this.value(name, first, depth, parent);
    }
    const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
    if (type === 'object' || schema.properties) return this.object(schema, depth, name);
    if (type === 'array') return depth > 4 ? [] : [this.value(name, schema.items, depth + 1, parent)];
    // A nested field takes only a value seen under the same parent (`address.state`), not any `state`.
    const key = parent ? `${parent}.${name}` : name;
    const harvested = this.local.get(key) ?? this.fields.get(key);
    if (harvested !== undefined && (type === undefined || typeof harvested === jsType(type)))
      return harvested;
    if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
    if (type === 'boolean') return true;
    if (typeof schema.format === 'string' && BY_FORMAT[schema.format] !== undefined)
      return BY_FORMAT[schema.format];
    const named = BY_NAME.find(([pattern]) => pattern.test(name));
    if (named && (type === undefined || type === 'string')) return named[1];
    return `your-${name.replaceAll('_', '-')}`;
  }

  /** The required properties, or every documented one when none is required (skipping deprecated ones). */
  object(schema: SchemaObject, depth = 0, parent = ''): Record<string, unknown> {
    const properties = schema.properties ?? {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const keys = (required.length > 0 ? required : Object.keys(properties)).filter(
      (key) => followRef(this.spec, properties[key])?.deprecated !== true,
    );
    const out: Record<string, unknown> = {};
    if (depth > 3) return out;
    for (const key of keys) out[key] = this.value(key, properties[key], depth + 1, parent);
    return out;
  }
}

const jsType = (type: string): string => (type === 'integer' ? 'number' : type);
