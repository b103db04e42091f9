import { describeFailure } from '../../errors/classify-error.js';
import { type StoredUser, userFailureText } from '../../stores/store.js';
import { retryCall, withAttempts } from '../pace/attempts.js';
import { beforeRequest } from '../pace/before-request.js';
import type { RunPacing } from '../pace/run-pacing.js';
import type { Settings } from '../settings.js';

/**
 * The user record, resolved through the service (with the sync's retries) and stored, or why it could
 * not be: `failed` for good (an unknown user, an id the client refuses to send), recorded with its
 * error; or `deferred` past every attempt (the service down, rate limited): left for the next run, and
 * the service is checked for an outage.
 */
export async function resolveUser(
  settings: Settings,
  context: RunPacing,
  clientUserId: string,
): Promise<StoredUser> {
  const { client, store } = settings;
  const since = Date.now();
  const outcome = await withAttempts(context, async () => {
    await beforeRequest(context);
    const answer = await client
      .resolveUser({ client_user_id: clientUserId }, { maxRetries: 0, signal: context.signal })
      .withResponse();
    context.pacer.succeeded();
    context.health.answered();
    settings.clock.observe(answer.response);
    return answer.data;
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
    user = {
      clientUserId,
      userId: null,
      providers: [],
      error: userFailureText(describeFailure(outcome.failure)),
    };
  } else {
    context.health.leftPending(outcome.deferred);
    context.health.checkDown(outcome.deferred, since);
    // Rate limited past every attempt: what this run knows of the user is kept for the next one.
    return (
      (await retryCall(context, () => store.findUser(clientUserId))) ?? {
        clientUserId,
        userId: null,
        providers: [],
        error: null,
      }
    );
  }
  await retryCall(context, () => store.saveUser(user));
  return user;
}
