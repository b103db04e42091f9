import type { ToolAnnotations } from '@modelcontextprotocol/server';

/** Methods that only read: the tools an agent gets without `--allow-writes`. */
const READ_METHODS = new Set(['get', 'head']);
/** Methods that remove or overwrite what exists; a POST creates, which MCP calls an additive update. */
const DESTRUCTIVE_METHODS = new Set(['delete', 'put', 'patch']);
/** Methods HTTP defines as idempotent; a POST is only where the spec says so (`x-svc-idempotent`). */
const IDEMPOTENT_METHODS = new Set(['get', 'head', 'put', 'delete']);

export const isWriteMethod = (method: string): boolean => !READ_METHODS.has(method);

/**
 * The hints a client shows its user before a call, from the method and the spec: reads are read-only;
 * deletes, puts and patches destructive; idempotent where HTTP or `x-svc-idempotent` says so (an
 * idempotent operation's tool requires the idempotency key, so repeating a call repeats the key).
 * Every tool reaches the service, outside the agent's own world.
 */
export function annotationsOf(method: string, title: string, idempotent: boolean): ToolAnnotations {
  const readOnly = READ_METHODS.has(method);
  return {
    title,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && DESTRUCTIVE_METHODS.has(method),
    idempotentHint: IDEMPOTENT_METHODS.has(method) || idempotent,
    openWorldHint: true,
  };
}
