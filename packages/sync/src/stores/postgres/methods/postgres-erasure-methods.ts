// The PostgreSQL store's erasure methods: postgres-erasure.ts, a refusal in a transaction of its own.
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresErasureMethods({
  erasure,
  inTransaction,
}: PostgresStoreParts): StoreMethods<
  'eraseUser' | 'forgetProvider' | 'retain' | 'allowUser' | 'refuseErased' | 'scrub'
> {
  return {
    eraseUser: (ids) => erasure.eraseUser(ids),
    forgetProvider: (userId, provider) => erasure.forgetProvider(userId, provider),
    retain: (resource, cutoff) => erasure.retain(resource, cutoff),
    allowUser: (clientUserId) => erasure.allowUser(clientUserId),
    refuseErased: (ids) => inTransaction((client) => erasure.refuse(client, ids)),
    scrub: (tables) => erasure.scrub(tables),
  };
}
