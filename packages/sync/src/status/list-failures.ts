// listFailures: the first failures of each kind as `status --failed` prints them and the console shows
// them: class, status and message, with every secret this process knows redacted.
import { redactSecrets } from '../errors/redact-secrets.js';
import { type SyncStore, userFailureOf } from '../stores/store.js';

/** The secrets this process knows, kept out of every message shown (stored ones are redacted already). */
const redact = (text: string) =>
  redactSecrets(text, [process.env.SVC_API_KEY, process.env.SVC_WEBHOOK_SECRET]);

/** The first `limit` failed users (by client user id) and failed windows (by key), redacted. */
export async function listFailures(store: SyncStore, limit: number) {
  return {
    users: (await store.failedUsers(limit)).map((user) => ({
      clientUserId: user.clientUserId,
      ...userFailureOf(redact(user.error ?? '')),
    })),
    windows: (await store.failedWindows(limit)).map(({ failure, ...window }) => ({
      ...window,
      error: failure.error,
      status: failure.status,
      message: redact(failure.message),
    })),
  };
}
