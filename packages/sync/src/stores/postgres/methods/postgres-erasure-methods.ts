// The PostgreSQL store's erasure methods: postgres-erasure.ts (the refusal asked before work starts is
// postgres-refuse-erased.ts).
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresErasureMethods({
  erasure,
}: PostgresStoreParts): StoreMethods<'eraseUser' | 'forgetProvider' | 'retain' | 'allowUser' | 'scrub'> {
  return {
    eraseUser: (ids) => erasure.eraseUser(ids),
    forgetProvider: (userId, provider) => erasure.forgetProvider(userId, provider),
    retain: (resource, cutoff) => erasure.retain(resource, cutoff),
    allowUser: (clientUserId) => erasure.allowUser(clientUserId),
    scrub: (tables) => erasure.scrub(tables),
  };
}
