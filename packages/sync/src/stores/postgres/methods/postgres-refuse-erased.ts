// The PostgreSQL store's `refuseErased` outside a write: one statement on its own, no transaction (see
// `refuseOutside` in postgres-erasure.ts, which writes the refusal the same way a write's check does).
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresRefuseErased({ erasure }: PostgresStoreParts): StoreMethods<'refuseErased'> {
  return { refuseErased: (ids) => erasure.refuseOutside(ids) };
}
