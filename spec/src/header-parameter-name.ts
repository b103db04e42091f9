import { followRef } from './follow-ref.js';
import type { OpenApiDocument, ParameterObject } from './openapi-objects.js';

/**
 * The header a shared parameter names (`components.parameters.<component>`, `in: header`): the spec
 * writes the API key and idempotency key headers once there, and readers take the name from it.
 */
export function headerParameterName(spec: OpenApiDocument, component: string): string {
  const parameter = followRef<ParameterObject>(spec, { $ref: `#/components/parameters/${component}` });
  if (parameter?.in !== 'header' || typeof parameter.name !== 'string')
    throw new Error(`the spec names no header in components.parameters.${component} (in: header)`);
  return parameter.name;
}
