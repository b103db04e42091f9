// Erasing one user: every row naming them in one store transaction with a tombstone (erasure-plan.ts
// lists the tables), their queued jobs, then the files rewritten so the deleted bytes are gone.
import { SyncInputError } from '../errors/errors.js';
import type { SyncStore } from '../stores/store.js';
import { type ErasureReceipt, type QueueErasure, scrubAfter } from './receipt.js';

/** What removes a user's jobs from a queue: `createSyncQueue(…)` of `@svc/sync/bullmq`. */
export interface QueueEraser {
  /** Removes every job (and queue key) naming the service user id, of one provider only if given. */
  eraseUser(userId: string, provider?: string): Promise<QueueErasure>;
}

/** When the deleted bytes leave the store's files: at once (the default), or at a `scrubStore` run later. */
export type ScrubWhen = 'now' | 'later';

export interface EraseUserOptions {
  /** The user's client user id (the id you resolve users by). */
  clientUserId: string;
  /**
   * The service's user id, when the store may not know it: a user seen only through webhooks naming the
   * user_id has no user row (resolve it with `client.resolveUser` first). Else the user row's is used.
   */
  userId?: string;
  /** Also removes the user's jobs from this queue. */
  queue?: QueueEraser;
  scrub?: ScrubWhen;
}

export const nonEmpty = (name: string, value: unknown): string => {
  if (typeof value !== 'string' || value.trim() === '')
    throw new SyncInputError(`${name} must be a non-empty string`);
  return value;
};

/**
 * Erases a user from the store (and the queue): returns the receipt. From then on, a webhook delivery,
 * a queued job or a backfill of the user stores nothing until `allowUser`. Erase here before deleting
 * the user at the service (the README's "Erasure and retention" gives the order).
 */
export async function eraseUser(store: SyncStore, options: EraseUserOptions): Promise<ErasureReceipt> {
  const clientUserId = nonEmpty('clientUserId', options.clientUserId);
  if (options.userId !== undefined) nonEmpty('userId', options.userId);
  const startedAt = new Date().toISOString();
  const userId = options.userId ?? (await store.findUser(clientUserId))?.userId ?? null;
  const erased = await store.eraseUser({ clientUserId, userId });
  // The files before the queue: Redis out of reach then leaves the store's part complete. Run again after
  // a failure, an erasure that finds no row still rewrites every table (the first run's bytes may be there).
  const scrub = await scrubAfter(store, erased.removed, options.scrub, Object.keys(erased.removed));
  const queue = options.queue && userId !== null ? await options.queue.eraseUser(userId) : undefined;
  return {
    kind: 'erase_user',
    startedAt,
    finishedAt: new Date().toISOString(),
    store: erased.store,
    tombstone: erased.tombstone,
    removed: erased.removed,
    ...(queue ? { queue } : {}),
    scrub,
  };
}

/** Lets an erased user be stored again (their tombstone removed): whether they had one. */
export function allowUser(store: SyncStore, clientUserId: string): Promise<boolean> {
  return store.allowUser(nonEmpty('clientUserId', clientUserId));
}
