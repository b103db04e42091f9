// The keyed hash a tombstone holds instead of a user's ids. Keyed with the store's erasure key (32 random
// bytes in svc_meta, made by the first erasure and never written anywhere else): a receipt's hash cannot
// be matched to a guessed id without the store, and the store's tombstones name no one by themselves.
import { createHmac, randomBytes } from 'node:crypto';

/** The svc_meta key of the erasure key. */
export const ERASURE_KEY = 'erasure_key';

/** A new erasure key, as svc_meta stores it (hex). */
export const newErasureKey = () => randomBytes(32).toString('hex');

/** The keyed hash of one id: which kind of id it is is part of what is hashed. */
export function tombstoneHash(key: string, kind: 'client' | 'user', id: string): string {
  return createHmac('sha256', Buffer.from(key, 'hex'))
    .update(`svc-sync tombstone v1\n${kind}\n${id}`)
    .digest('hex');
}

/** The ids of a user as a tombstone looks them up. */
export interface ErasedIds {
  clientUserId?: string | undefined;
  userId?: string | null | undefined;
}

/** The hashes of the ids given. */
export function hashesOf(key: string, ids: ErasedIds): { client?: string; user?: string } {
  return {
    ...(ids.clientUserId ? { client: tombstoneHash(key, 'client', ids.clientUserId) } : {}),
    ...(ids.userId ? { user: tombstoneHash(key, 'user', ids.userId) } : {}),
  };
}
