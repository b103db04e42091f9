import type { StoredUser, SyncStore } from '../../store.js';
import type { SyncClient } from '../../sync-client.js';
import { type AttemptContext, withAttempts } from '../pace/attempts.js';
import { beforeRequest, type RequestTurn } from '../pace/before-request.js';

/** The user record, resolved through the service (with the sync's retries); stored either way. */
export async function resolveUser(
  client: SyncClient,
  store: SyncStore,
  context: AttemptContext & RequestTurn,
  clientUserId: string,
): Promise<StoredUser> {
  const outcome = await withAttempts(context, async () => {
    await beforeRequest(context);
    const answer = await client.resolveUser(
      { client_user_id: clientUserId },
      { maxRetries: 0, signal: context.signal },
    );
    context.pacer.succeeded();
    return answer;
  });
  let user: StoredUser;
  if ('value' in outcome) {
    const providers = [
      ...new Set(
        (outcome.value.connected_sources ?? []).map((c) => c.source?.slug).filter((s): s is string => !!s),
      ),
    ];
    user = { clientUserId, userId: outcome.value.user_id, providers, error: null };
  } else if ('failure' in outcome) {
    const failure = outcome.failure;
    user = {
      clientUserId,
      userId: null,
      providers: [],
      error: failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure),
    };
  } else {
    // Rate limited past every attempt: what this run knows of the user is kept for the next one.
    return (await store.findUser(clientUserId)) ?? { clientUserId, userId: null, providers: [], error: null };
  }
  await store.saveUser(user);
  return user;
}
