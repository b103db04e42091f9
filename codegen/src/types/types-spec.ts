// Reads what @svc/types shows differently from openapi-typescript's plain reading of the bundled spec.
// Pure (spec → plain data), so its tests give it small specs; generate-types.ts and schema-transform.ts
// render what it returns.
import type { OpenApiDocument } from '@svc/spec';
import { nonExhaustiveValues } from '../non-exhaustive.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec as the types show it. The client's auth layer sends the API key header (the spec's shared
 * parameter `components.parameters.apiKey`) on every request, so the typed path client must not ask
 * callers for it: the header stays in the types but is optional there. Everything else is as specified;
 * `spec` itself is not changed.
 */
export function readTypesSpec(spec: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(spec);
  const apiKey = copy.components?.parameters?.apiKey;
  if (isObject(apiKey) && apiKey.in === 'header') {
    apiKey.required = false;
    apiKey.description = `${apiKey.description ?? ''}\n\nRequired by the service; the client's auth layer sends it, so it is optional in these types.`;
  }
  return copy;
}

/** A schema whose type is not openapi-typescript's own reading of it. */
export type TypeOverride =
  /** `x-svc-non-exhaustive`: the known values, and any other string the service adds later. */
  | { kind: 'open-enum'; known: string[]; nullable: boolean }
  /** `format: binary` (an uploaded file): a Blob, which covers `File` in browsers and Node alike. */
  | { kind: 'file'; nullable: boolean };

/** How one schema's type differs from openapi-typescript's, or `undefined` when it does not. */
export function typeOverrideOf(schema: unknown): TypeOverride | undefined {
  if (!isObject(schema)) return undefined;
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  const known = nonExhaustiveValues(schema);
  if (known) return { kind: 'open-enum', known, nullable };
  if (schema.format === 'binary') return { kind: 'file', nullable };
  return undefined;
}

/** Marks the values the sandbox sends for an open enum where the service names none: sandbox conventions. */
export const SANDBOX_VALUES = 'x-svc-sandbox-values';

/**
 * The sandbox's own values of each open enum schema that lists them (`x-svc-sandbox-values`), by schema
 * name, in spec order. Only a non-exhaustive enum may carry them, and never a value it already knows.
 */
export function sandboxValuesOf(spec: OpenApiDocument): Record<string, string[]> {
  const schemas = spec.components?.schemas;
  const values: Record<string, string[]> = {};
  for (const [name, schema] of Object.entries(isObject(schemas) ? schemas : {})) {
    if (!isObject(schema) || schema[SANDBOX_VALUES] === undefined) continue;
    const listed = schema[SANDBOX_VALUES];
    if (!Array.isArray(listed) || listed.length === 0 || !listed.every((v) => typeof v === 'string'))
      throw new Error(`${SANDBOX_VALUES} of ${name} must be a non-empty list of strings`);
    const known = nonExhaustiveValues(schema);
    if (!known) throw new Error(`${SANDBOX_VALUES} of ${name}: only a non-exhaustive enum may carry it`);
    const repeated = listed.filter((v) => known.includes(v));
    if (repeated.length > 0)
      throw new Error(`${SANDBOX_VALUES} of ${name} repeats known values: ${repeated.join(', ')}`);
    values[name] = [...new Set(listed as string[])];
  }
  return values;
}
