import type { WorldRuntime } from './runtime.js';
import type { IdempotencyRecord } from './world-state.js';

/** The answer a world gave to an idempotency key's first request, if any (`scope` names key and operation). */
export const answerOf = (runtime: WorldRuntime, scope: string): IdempotencyRecord | undefined =>
  runtime.world.idempotency[scope];

/** Keeps the answer to an idempotency key's first request, so a repeat gets it again. */
export function keepAnswer(runtime: WorldRuntime, scope: string, record: IdempotencyRecord): void {
  runtime.transact(() => {
    runtime.world.idempotency[scope] = record;
  });
}
