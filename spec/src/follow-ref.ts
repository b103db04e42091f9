type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows local `$ref`s (`#/components/...`, the only kind a bundled spec holds) to the object they name.
 * `undefined` for a dangling, non-local or cyclic reference, or when the target is not an object.
 */
export function followRef(spec: Json, node: unknown): Json | undefined {
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
