/**
 * A copy of the spec in which enums marked `x-svc-non-exhaustive` accept any string: the service may
 * send (and accept) values added later, so the sandbox must not refuse them. Where the spec already
 * writes open enums another way, there is nothing to change.
 */
export function openNonExhaustiveEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(openNonExhaustiveEnums) as T;
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = openNonExhaustiveEnums(value);
  if (copy['x-svc-non-exhaustive'] === true && Array.isArray(copy.enum)) delete copy.enum;
  return copy as T;
}
