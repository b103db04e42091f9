// The PostgreSQL store's `refuseErased` outside a write: no transaction, and the checks made while one
// is on its way sent together as the next (`refuseOutsideMany` in postgres-erasure.ts).
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresRefuseErased({ erasure }: PostgresStoreParts): StoreMethods<'refuseErased'> {
  return { refuseErased: (ids) => erasure.refuseOutside(ids) };
}
