import type { OpenApiDocument, Referable } from './openapi-objects.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows local `$ref`s (`#/components/...`, the only kind a bundled spec holds) to the object they name.
 * `undefined` for a dangling, non-local or cyclic reference, or when the target is not an object.
 * Typed by the field it reads (`followRef(spec, operation.requestBody)` is a `RequestBodyObject`); a value of
 * unknown shape gives a plain JSON object.
 */
export function followRef<T extends object = JsonObject>(
  spec: OpenApiDocument,
  node: Referable<T> | undefined,
): T | undefined;
export function followRef(spec: OpenApiDocument, node: unknown): JsonObject | undefined;
export function followRef(spec: OpenApiDocument, node: unknown): JsonObject | undefined {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32 || !current.$ref.startsWith('#/')) return undefined;
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[key] : undefined), spec);
  }
  return isObject(current) ? current : undefined;
}
