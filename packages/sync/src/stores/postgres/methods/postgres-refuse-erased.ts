// The PostgreSQL store's `refuseErased` outside a write: one statement on its own, no transaction. It is
// asked before work starts (a worker's job, a backfill's user); every write checks again under the
// erasure lock in its own transaction (postgres-erasure.ts), so a check that misses an erasure still
// running only lets the work start, never lets a row in.
import { ERASURE_KEY, type ErasedIds, hashesOf } from '../../tombstone-hash.js';
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresRefuseErased({ query }: PostgresStoreParts): StoreMethods<'refuseErased'> {
  // Made once by the first erasure and never changed: kept once read.
  let key: string | undefined;
  return {
    async refuseErased(ids: ErasedIds) {
      key ??= (await query<{ value: string }>('SELECT value FROM svc_meta WHERE key = $1', [ERASURE_KEY]))
        .rows[0]?.value;
      if (!key) return undefined; // no erasure ever ran here
      const hashes = hashesOf(key, ids);
      if (!hashes.client && !hashes.user) return undefined;
      const { rows } = await query<{ client_hash: string }>(
        `UPDATE svc_tombstones SET refused = refused + 1, last_refused_at = now()
         WHERE client_hash = $1 OR user_hash = $2 RETURNING client_hash`,
        [hashes.client ?? null, hashes.user ?? null],
      );
      return rows[0]?.client_hash;
    },
  };
}
