// createSync: plan windows (plan/), run them (run/), pace requests (pace/); one file per step.
import type { WebhookEvent } from '@svc/events';

import { parseDay } from './days.js';
import { describeFailure } from './errors/classify-error.js';
import { SyncInputError } from './errors/errors.js';
import { recordLabEvent } from './internal/lab-events.js';
import { backfillWindows } from './internal/plan/backfill-windows.js';
import { eventWindows } from './internal/plan/event-windows.js';
import { pendingWindows } from './internal/plan/pending-windows.js';
import { resolveUser } from './internal/plan/resolve-user.js';
import { BackgroundRuns } from './internal/run/background-runs.js';
import type { UnreadWindow } from './internal/run/run-windows.js';
import { runStarter, type StartRun } from './internal/run/start-run.js';
import { type Settings, settingsOf } from './internal/settings.js';
import { userFailureOf } from './stores/store.js';
import type { BackfillInput, Sync, SyncOptions } from './sync-types.js';

/** The backfill's users and range, checked before any request. */
function rangeOf(input: BackfillInput): { from: string; to: string } {
  const users: unknown = input.users;
  if (typeof users === 'string' || users instanceof String)
    throw new SyncInputError('users must be a list of ids (an array, a Set, a generator), not a string');
  if (
    typeof users !== 'object' ||
    users === null ||
    !(Symbol.iterator in users || Symbol.asyncIterator in users)
  )
    throw new SyncInputError('users must be an iterable or async iterable of client user ids');
  const from = parseDay(input.from);
  const to = parseDay(input.to);
  if (!from) throw new SyncInputError(`from must be a date YYYY-MM-DD (got ${JSON.stringify(input.from)})`);
  if (!to) throw new SyncInputError(`to must be a date YYYY-MM-DD (got ${JSON.stringify(input.to)})`);
  if (to < from) throw new SyncInputError(`to (${to}) is before from (${from})`);
  return { from, to };
}

/** How many users a backfill has, when it can be known without reading them: an array's, a Set's, or the caller's count. */
function userCountOf(input: BackfillInput): number | undefined {
  const users: unknown = input.users;
  if (Array.isArray(users)) return users.length;
  if (users instanceof Set) return users.size;
  if (input.userCount === undefined) return undefined;
  if (!Number.isInteger(input.userCount) || input.userCount < 0)
    throw new SyncInputError('userCount must be a whole number of users');
  return input.userCount;
}

/** A failure's class and status, without its message (which may quote what the service sent). */
const classOf = ({ error, status }: { error: string; status: number | null }) => ({ error, status });

/**
 * Tells `tell` of each window a background run leaves unread (failed for good, or pending past its
 * retries), naming the user by `clientUserId` when known.
 */
function unreadTeller(
  tell: SyncOptions['onBackgroundFailure'],
  clientUserId: string | null,
): UnreadWindow | undefined {
  if (!tell) return undefined;
  return ({ userId, resource, provider, start, end }, ran) => {
    const { error, status } = ran.outcome === 'failed' ? ran.failure : describeFailure(ran.error);
    tell({
      outcome: ran.outcome,
      clientUserId,
      userId,
      window: { userId, resource, provider, start, end },
      error,
      status,
    });
  };
}

/**
 * One webhook event: a lab event stored as it comes, a data event's windows planned and read in the
 * background (told to `tell` when something is left unread), an erased user's delivery refused.
 */
async function handleEvent(
  settings: Settings,
  startRun: StartRun,
  background: BackgroundRuns,
  tell: SyncOptions['onBackgroundFailure'],
  event: WebhookEvent,
): Promise<{ queued: number; erased?: string; unusable?: string }> {
  await settings.bindTeam();
  // A lab event is stored as it comes (orders have no read): nothing to plan.
  if (await recordLabEvent(settings.store, settings.client, event, settings.now)) return { queued: 0 };
  const announced = await eventWindows(settings, event);
  if (!announced) return { queued: 0 };
  if (!('userId' in announced)) return { queued: 0, unusable: announced.unusable };
  // An erased user's delivery stores nothing: answered, the refusal counted on the tombstone.
  const tombstone = await settings.store.refuseErased({
    userId: announced.userId,
    clientUserId: announced.clientUserId,
  });
  if (tombstone) return { queued: 0, erased: tombstone };
  // New data is announced: re-read even windows already stored.
  const owed = await settings.store.planWindows(announced.windows, { force: true });
  // A user first seen through an event naming its client user id is resolved too, and gets its user
  // row; one named by user_id alone gets none (the service resolves users by client user id only).
  const { clientUserId } = announced;
  const unknownUser =
    clientUserId !== undefined && (await settings.store.findUser(clientUserId))?.userId !== announced.userId;
  const who = { clientUserId: clientUserId ?? null, userId: announced.userId };
  const onUnread = unreadTeller(tell, clientUserId ?? null);
  if (owed.length > 0 || unknownUser) {
    const run = startRun(
      announced.asOf,
      async function* (feed, context) {
        if (unknownUser) {
          const user = await resolveUser(settings, context, clientUserId);
          if (user.error) tell?.({ outcome: 'failed', ...who, ...classOf(userFailureOf(user.error)) });
        }
        feed.update((s) => {
          s.windows.planned += owed.length;
        });
        yield* owed;
      },
      undefined,
      undefined,
      onUnread,
    );
    // A fatal error ends the work (idle() rethrows it): told too, as it happens.
    run.result.catch((error: unknown) =>
      tell?.({ outcome: 'stopped', ...who, ...classOf(describeFailure(error)) }),
    );
    background.add(run.result);
  }
  return { queued: owed.length, ...(announced.unusable ? { unusable: announced.unusable } : {}) };
}

export function createSync(options: SyncOptions): Sync {
  const settings = settingsOf(options);
  const startRun = runStarter(settings);
  const background = new BackgroundRuns();
  return {
    backfill(input) {
      const range = rangeOf(input);
      const total = userCountOf(input);
      // Fixed once, when the first users are resolved: by then an answer has told the service's time.
      let asOf: string | undefined;
      const fixAsOf = () => {
        asOf ??= settings.now().toISOString();
        return asOf;
      };
      return startRun(
        fixAsOf,
        (feed, planning) => backfillWindows(settings, input.users, range, fixAsOf, feed, planning),
        input.signal,
        { total },
      );
    },

    resumePending(runOptions = {}) {
      return startRun(
        settings.now().toISOString(),
        (feed, context) => pendingWindows(settings.store, feed, context),
        runOptions.signal,
        undefined,
        unreadTeller(options.onBackgroundFailure, null),
      );
    },

    handleEvent: (event) => handleEvent(settings, startRun, background, options.onBackgroundFailure, event),

    idle: () => background.idle(),
  };
}
