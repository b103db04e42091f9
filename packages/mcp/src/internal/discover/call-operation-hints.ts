import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { CatalogueTool } from '../catalogue.js';

/**
 * The hints of `call_operation`: what the operations it can run do, together. With writes off it only
 * reads; it is destructive or not idempotent as soon as one allowed operation is.
 */
export function callOperationHints(
  tools: readonly CatalogueTool[],
  allowsWrite: (operation: string) => boolean,
): Omit<ToolAnnotations, 'title'> {
  const callable = tools.filter((tool) => !tool.write || allowsWrite(tool.name));
  const readOnly = callable.every((tool) => tool.annotations.readOnlyHint === true);
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && callable.some((tool) => tool.annotations.destructiveHint === true),
    idempotentHint: callable.every((tool) => tool.annotations.idempotentHint === true),
    openWorldHint: true,
  };
}
