import { followRef } from './follow-ref.js';
import type { OpenApiDocument, OperationObject, ParameterObject, PathItemObject } from './openapi-objects.js';

/** The eight operation keys of an OpenAPI 3.1 Path Item, in the order the specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface SpecOperation {
  /** `operation` for `paths`, `webhook` for `webhooks` (requests the service sends). */
  kind: 'operation' | 'webhook';
  method: HttpMethod;
  /** The path of an operation (`/v2/providers`), the event name of a webhook. */
  name: string;
  /** The Operation Object, its `$ref` followed. */
  operation: OperationObject;
  /** Path-level parameters, then the operation's own (which win on the same `in` and `name`), each resolved. */
  parameters: ParameterObject[];
}

const key = (parameter: ParameterObject) => `${String(parameter.in)}\u0000${String(parameter.name)}`;

/**
 * Every operation of a bundled spec in document order, with its parameters merged as OpenAPI defines
 * them; webhooks too when asked. The one walker of the spec: generators, fixtures and checks use it.
 */
export function* eachOperation(
  spec: OpenApiDocument,
  { webhooks = false }: { webhooks?: boolean } = {},
): Generator<SpecOperation> {
  const groups = [
    ['operation', spec.paths] as const,
    ...(webhooks ? [['webhook', spec.webhooks] as const] : []),
  ];
  for (const [kind, items] of groups) {
    for (const [name, rawItem] of Object.entries(items ?? {})) {
      const pathItem: PathItemObject = followRef(spec, rawItem) ?? {};
      const shared = resolvedList(spec, pathItem.parameters);
      for (const method of HTTP_METHODS) {
        const operation = followRef(spec, pathItem[method]);
        if (!operation) continue;
        const own = resolvedList(spec, operation.parameters);
        const overridden = new Set(own.map(key));
        const parameters = [...shared.filter((parameter) => !overridden.has(key(parameter))), ...own];
        yield { kind, method, name, operation, parameters };
      }
    }
  }
}

function resolvedList(spec: OpenApiDocument, list: PathItemObject['parameters']): ParameterObject[] {
  // Read loosely: a document handed in by a caller (the sandbox's `spec` option) may not be linted.
  return (Array.isArray(list) ? list : []).flatMap((item) => followRef(spec, item) ?? []);
}
