import { type OperationId, operationRules, type PaginationRule } from '@svc/client';
import type { OpenApiDocument } from '@svc/spec';
import { FOLLOWS, type Follow, MAX_WAIT_SECONDS } from './call/follows.js';
import { type OperationTool, operationTools } from './spec/operation-tools.js';

/** The smallest limit on one protocol message, as the SDK's entries set it by default (4 MiB). */
const MIN_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Room for a message's other arguments and its JSON-RPC envelope beside its largest file. */
const MESSAGE_ROOM_BYTES = 1024 * 1024;

/** The argument of a followable read that turns it into a wait. */
export const WAIT_ARGUMENT = 'wait_seconds';

/** A tool as served: the operation's tool, how it pages (from the client's rules) and what it can follow. */
export interface CatalogueTool extends OperationTool {
  pagination: PaginationRule | undefined;
  follow: Follow | undefined;
}

/**
 * The tools of the bundled spec, with what the client knows of each operation. The spec is the one the
 * package ships; the client is the exact version built from the same spec. An operation the client does
 * not know (mismatched installs) stops the server at start, naming it.
 */
export function catalogue(spec: OpenApiDocument): CatalogueTool[] {
  return operationTools(spec).map((tool) => {
    let pagination: PaginationRule | undefined;
    try {
      pagination = operationRules(tool.name as OperationId).pagination;
    } catch {
      throw new Error(
        `the installed @svc/client does not know the operation ${tool.name}: install @svc/mcp and @svc/client of one release`,
      );
    }
    const follow = FOLLOWS[tool.name as OperationId];
    return { ...withNotes(tool, pagination, follow), pagination, follow };
  });
}

/** The description notes and extra argument that paging, waiting and idempotency add to a tool. */
function withNotes(tool: OperationTool, pagination: PaginationRule | undefined, follow: Follow | undefined) {
  const notes = [tool.description];
  if (tool.write) notes.push('Changes data at the service.');
  if (pagination)
    notes.push(
      'Returns one page; when more follow, the result ends with the arguments of the call that returns the next page.',
    );
  if (tool.idempotencyKeyArgument)
    notes.push(
      `${tool.idempotencyKeyArgument}: a new unique text for each new request (a UUID will do); repeat a call with the same key only to retry it after an unclear outcome, and the service acts once.`,
    );
  let inputSchema = tool.inputSchema;
  if (follow) {
    const properties = inputSchema.properties as Record<string, unknown>;
    if (WAIT_ARGUMENT in properties) throw new Error(`${tool.name} already has a parameter ${WAIT_ARGUMENT}`);
    inputSchema = {
      ...inputSchema,
      properties: {
        ...properties,
        [WAIT_ARGUMENT]: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_WAIT_SECONDS,
          description: `Wait up to this many seconds until ${follow.until}, reading again with growing pauses and reporting progress. Without it the call reads once.`,
        },
      },
    };
    notes.push(`With ${WAIT_ARGUMENT}, it follows the work until ${follow.until}.`);
  }
  return { ...tool, inputSchema, description: notes.join(' ') };
}

/**
 * The largest protocol message the server reads: room for the largest file an operation takes, as base64
 * (its limit is the spec's `x-svc-file.maxBytes`), so a 10 MB lab report fits over stdio and HTTP alike.
 */
export function messageBytesLimit(tools: readonly CatalogueTool[]): number {
  let largest = 0;
  for (const tool of tools) {
    const body = (
      tool.inputSchema.properties as Record<string, { properties?: Record<string, { maxLength?: number }> }>
    ).body;
    for (const field of tool.fileFields)
      largest = Math.max(largest, body?.properties?.[field]?.maxLength ?? 0);
  }
  return Math.max(MIN_MESSAGE_BYTES, largest + MESSAGE_ROOM_BYTES);
}
