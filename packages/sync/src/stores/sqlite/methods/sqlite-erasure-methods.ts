// The SQLite store's erasure methods: sqlite-erasure.ts under the store's guard.
import type { SqliteStoreParts, StoreMethods } from './sqlite-store-parts.js';

export function sqliteErasureMethods({
  guard,
  erasure,
}: SqliteStoreParts): StoreMethods<
  'eraseUser' | 'forgetProvider' | 'retain' | 'allowUser' | 'refuseErased' | 'scrub'
> {
  return {
    eraseUser: guard((ids) => erasure.eraseUser(ids)),
    forgetProvider: guard((userId, provider) => erasure.forgetProvider(userId, provider)),
    retain: guard((resource, cutoff) => erasure.retain(resource, cutoff)),
    allowUser: guard((clientUserId) => erasure.allowUser(clientUserId)),
    refuseErased: guard((ids) => erasure.refuseNow(ids)),
    scrub: guard((tables) => erasure.scrub(tables)),
  };
}
