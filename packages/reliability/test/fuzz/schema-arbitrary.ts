// fast-check arbitraries from the spec's schemas: values that satisfy a schema (so the validator must
// accept them), and "near misses" that break it in one place or are of any shape at all.

import type { SchemaObject } from '@svc/spec';
import fc from 'fast-check';
import { deref } from '../spec.js';

const DEPTH_LIMIT = 4;

function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

const dateArb = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringArb(schema: SchemaObject): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date') return dateArb.map((iso) => iso.slice(0, 10));
  if (schema.format === 'date-time') return dateArb;
  return fc.string({
    unit: fc.constantFrom('grapheme', 'binary', 'grapheme-ascii'),
    minLength: schema.minLength ?? 0,
    maxLength: schema.maxLength ?? 40,
  });
}

/** Values valid against `schema` (enums included, though the client never checks them). */
export function validArb(input: SchemaObject, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((member) => validArb(member, depth + 1)));
  // Every member of an anyOf (an open enum's known values or any string; a value or a list) is valid.
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((member) => validArb(member, depth + 1)));
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'string':
          return stringArb(schema);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
        case 'number':
          return fc.double({
            min: schema.minimum ?? -1e9,
            max: schema.maximum ?? 1e9,
            noNaN: true,
            noDefaultInfinity: true,
          });
        case 'array':
          return depth > DEPTH_LIMIT
            ? fc.constant([])
            : fc.array(schema.items ? validArb(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
                maxLength: 3,
              });
        case 'object':
          return objectArb(schema, depth);
        default:
          return fc.jsonValue({ maxDepth: 1 });
      }
    }),
  );
}

function objectArb(schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  if (depth > DEPTH_LIMIT) return fc.constant({});
  const required = schema.required ?? [];
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, validArb(property, depth + 1)]),
    ),
    { requiredKeys: required.filter((name) => name in properties) },
  );
}

/** Anything at all, with a bias toward the shapes validators trip on. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2, withBigInt: true, withDate: true, withMap: true, withTypedArray: true }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '\u0000', '\uD800', 'a'.repeat(1001), '😀'.repeat(1000), '😀'.repeat(1001)),
  fc.constantFrom(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, null, undefined, true, [], {}),
  fc.uuid(),
);

/** A value valid against `schema` or, in about a third of cases, anything. */
export const mostlyValid = (schema: SchemaObject): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: validArb(schema), weight: 2 }, { arbitrary: anyValue, weight: 1 });
