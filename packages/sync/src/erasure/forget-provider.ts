// Forgetting one provider of a user when they disconnect it: deregistered at the service (the interface's
// DELETE /v2/user/{user_id}/{provider}), then its rows dropped from the store and its jobs from the queue.
import { NotFoundError, type SvcClient } from '@svc/client';
import { SyncInputError } from '../errors/errors.js';
import type { SyncStore } from '../stores/store.js';
import { nonEmpty, type QueueEraser, type ScrubWhen } from './erase-user.js';
import { type ErasureReceipt, scrubAfter } from './receipt.js';

export interface ForgetProviderOptions {
  clientUserId: string;
  /** The provider's slug (`oura`, `fitbit`, …). */
  provider: string;
  queue?: QueueEraser;
  scrub?: ScrubWhen;
}

/**
 * Deregisters the provider (a 404, already gone there, is not an error: `deregistered: false`), then
 * drops its rows; the user's other providers and their rows stay. The user id is the store's, else the
 * service's (resolved).
 */
export async function forgetProvider(
  client: Pick<SvcClient, 'deregisterProvider' | 'resolveUser'>,
  store: SyncStore,
  options: ForgetProviderOptions,
): Promise<ErasureReceipt> {
  const clientUserId = nonEmpty('clientUserId', options.clientUserId);
  const provider = nonEmpty('provider', options.provider);
  if (!/^[a-z0-9_]+$/.test(provider))
    throw new SyncInputError('provider must be a provider slug: lower-case letters, digits and _');
  const startedAt = new Date().toISOString();
  const userId =
    (await store.findUser(clientUserId))?.userId ??
    (await client.resolveUser({ client_user_id: clientUserId })).user_id;
  const deregistered = await client.deregisterProvider({ user_id: userId, provider }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof NotFoundError) return false;
      throw error;
    },
  );
  const erased = await store.forgetProvider(userId, provider);
  const queue = options.queue ? await options.queue.eraseUser(userId, provider) : undefined;
  const scrub = await scrubAfter(store, erased.removed, options.scrub);
  return {
    kind: 'forget_provider',
    startedAt,
    finishedAt: new Date().toISOString(),
    store: erased.store,
    tombstone: null,
    provider,
    deregistered,
    removed: erased.removed,
    ...(queue ? { queue } : {}),
    scrub,
  };
}
