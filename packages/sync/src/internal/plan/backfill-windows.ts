import { FAILED_IDS_SHOWN, type ProgressFeed } from '../../progress.js';
import type { SyncWindow } from '../../stores/store.js';
import { retryCall } from '../pace/attempts.js';
import type { RunPacing } from '../pace/run-pacing.js';
import type { Settings } from '../settings.js';
import { planWindows } from './plan-windows.js';
import { resolveUser } from './resolve-user.js';

/** Users planned at once: enough that the per-user cap never holds every slot, few enough that memory stays flat. */
export const userBatchOf = (limits: Settings['limits']) =>
  Math.max(8, Math.ceil((2 * limits.maxConcurrency) / limits.perUser));

/** A backfill's range of days, checked. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The windows a backfill owes, as the run goes: users are read lazily a batch at a time, resolved, their
 * windows recorded in the store, and what is owed yielded round robin across the batch's users.
 */
export async function* backfillWindows(
  settings: Settings,
  users: Iterable<string> | AsyncIterable<string>,
  range: DayRange,
  /** The run's end time, fixed once the first users are resolved (their answers tell the service's time). */
  asOf: () => string,
  feed: ProgressFeed,
  context: RunPacing,
): AsyncGenerator<SyncWindow> {
  const { store, resources } = settings;
  const batch: string[] = [];
  async function* planBatch(): AsyncGenerator<SyncWindow> {
    const resolved = await Promise.all(
      batch.splice(0).map(async (id) =>
        // An erased user is skipped: not resolved, nothing planned (the refusal is counted on its tombstone).
        (await retryCall(context, () => store.refuseErased({ clientUserId: id })))
          ? undefined
          : resolveUser(settings, context, id),
      ),
    );
    const perUser: SyncWindow[][] = [];
    for (const user of resolved) {
      if (!user) {
        feed.update((s) => s.users.erased++);
        continue;
      }
      if (!user.userId) {
        feed.update((s) => {
          if (!user.error) s.users.deferred++;
          else if (s.users.failed++ < FAILED_IDS_SHOWN) s.users.failedIds.push(user.clientUserId);
        });
        continue;
      }
      const windows: SyncWindow[] = [];
      for (const resource of resources)
        for (const provider of user.providers)
          windows.push(...planWindows(user.userId, resource, provider, range.from, range.to, asOf()));
      const owed = await retryCall(context, () => store.planWindows(windows));
      feed.update((s) => {
        s.users.planned++;
        s.windows.planned += owed.length;
      });
      perUser.push(owed);
    }
    // Round robin across the batch's users, so the per-user cap rarely holds the line.
    for (let index = 0; perUser.some((w) => index < w.length); index++)
      for (const windows of perUser) if (index < windows.length) yield windows[index] as SyncWindow;
  }
  const userBatch = userBatchOf(settings.limits);
  for await (const user of users) {
    batch.push(user);
    if (batch.length >= userBatch) yield* planBatch();
  }
  if (batch.length > 0) yield* planBatch();
}
