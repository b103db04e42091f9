import type { OpenApiDocument, SchemaObject } from '@svc/spec';
import { followRef } from '@svc/spec/follow-ref';

/** A JSON Schema as a tool advertises it: self-contained, no `$ref`, no OpenAPI-only keywords. */
export type JsonSchema = Record<string, unknown>;

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names (not keywords) to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);
/** OpenAPI-only keywords a JSON Schema reader does not know; `x-` extensions are for our generators. */
const DROPPED = new Set(['example', 'discriminator', 'xml', 'externalDocs']);
/** Deepest `$ref` chain inlined; deeper (or cyclic) references become an open schema. */
const MAX_REF_DEPTH = 32;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A spec schema as a self-contained JSON Schema 2020-12: every `$ref` inlined (its siblings win, as
 * OpenAPI 3.1 reads them), `x-` extensions and OpenAPI-only keywords dropped, and a binary file
 * (`format: binary`) turned into base64 text, the only way JSON arguments carry bytes. Many MCP
 * clients and models read `$ref` poorly, and the spec's schemas are small, so they are inlined.
 */
export function toJsonSchema(spec: OpenApiDocument, schema: SchemaObject | undefined): JsonSchema {
  return convert(spec, schema ?? {}, []) as JsonSchema;
}

function convert(spec: OpenApiDocument, node: unknown, refs: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => convert(spec, item, refs));
  if (!isObject(node)) return node;
  let base: Record<string, unknown> = {};
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    const target =
      refs.includes(ref) || refs.length >= MAX_REF_DEPTH ? undefined : followRef(spec, { $ref: ref });
    // A cycle or a dangling reference: open, as the spec's rule for what is not shown.
    base = target ? (convert(spec, target, [...refs, ref]) as Record<string, unknown>) : {};
  }
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' || key.startsWith('x-') || DROPPED.has(key)) continue;
    if (SCHEMA_KEYWORDS.has(key)) own[key] = convert(spec, value, refs);
    else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value))
      own[key] = value.map((item) => convert(spec, item, refs));
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value))
      own[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, convert(spec, sub, refs)]),
      );
    else own[key] = value;
  }
  const merged = { ...base, ...own };
  return merged.format === 'binary' ? base64File(merged, node['x-svc-file']) : merged;
}

/** A file field as base64 text, its size limit carried over from the spec's `x-svc-file` rule. */
function base64File(schema: Record<string, unknown>, rule: unknown): JsonSchema {
  const { format: _format, description, ...rest } = schema;
  const maxBytes = isObject(rule) && typeof rule.maxBytes === 'number' ? rule.maxBytes : undefined;
  const said = typeof description === 'string' ? `${description} ` : '';
  return {
    ...rest,
    type: 'string',
    contentEncoding: 'base64',
    description: `${said}Send the file's bytes as base64 text.`,
    ...(maxBytes === undefined ? {} : { maxLength: Math.ceil(maxBytes / 3) * 4 }),
  };
}
