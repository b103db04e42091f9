import type { OperationId } from './generated/named-methods.js';
import { operations } from './generated/operations.js';
import type { FileRule, Operation } from './operation.js';

export type { FileRule, Operation as OperationRules };

let byId: Map<string, Operation> | undefined;

/**
 * The rules the client checks an operation's input against, as read from the spec by `pnpm generate`
 * (limits, required fields, file types and sizes, idempotency). For helpers that want to tell the
 * same facts to their callers without restating them.
 */
export function operationRules(operationId: OperationId): Operation {
  byId ??= new Map(operations.map((operation) => [operation.id, operation]));
  const operation = byId.get(operationId);
  // Only reachable from untyped callers: every OperationId is in the generated table.
  if (!operation) throw new TypeError(`"${String(operationId)}" is not an operation of the spec`);
  return operation;
}
