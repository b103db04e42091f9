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

/** What planning a batch needs: the run's settings and pacing, its range and end time, its progress. */
interface Planning {
  settings: Settings;
  range: DayRange;
  asOf: () => string;
  feed: ProgressFeed;
  context: RunPacing;
}

/** Resolves a batch of users and records their windows: what each owes, in the batch's order. */
async function planBatch(
  { settings, range, asOf, feed, context }: Planning,
  ids: readonly string[],
): Promise<SyncWindow[][]> {
  const { store, resources } = settings;
  const resolved = await Promise.all(
    ids.map(async (id) =>
      // An erased user is skipped: not resolved, nothing planned (the refusal is counted on its tombstone).
      (await retryCall(context, () => store.refuseErased({ clientUserId: id })))
        ? undefined
        : resolveUser(settings, context, id),
    ),
  );
  const perUser: SyncWindow[][] = [];
  for (const user of resolved) {
    // Planned ahead, a batch can outlive the run's reads: once planning is stopped it records nothing more.
    context.signal?.throwIfAborted();
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
  return perUser;
}

/** Round robin across a batch's users, so the per-user cap rarely holds the line. */
function* roundRobin(perUser: readonly SyncWindow[][]): Generator<SyncWindow> {
  for (let index = 0; perUser.some((w) => index < w.length); index++)
    for (const windows of perUser) if (index < windows.length) yield windows[index] as SyncWindow;
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
  const planning: Planning = { settings, range, asOf, feed, context };
  // One batch is planned while the one before is read: the reads never wait for users to be resolved.
  // Its failure is the run's when its turn comes (not an unhandled rejection meanwhile).
  const ahead = (ids: readonly string[]) => {
    const planned = planBatch(planning, ids);
    planned.catch(() => {});
    return planned;
  };
  const userBatch = userBatchOf(settings.limits);
  let batch: string[] = [];
  let planned: Promise<SyncWindow[][]> | undefined;
  let next: Promise<SyncWindow[][]> | undefined;
  try {
    for await (const user of users) {
      batch.push(user);
      if (batch.length < userBatch) continue;
      next = ahead(batch);
      batch = [];
      if (planned) yield* roundRobin(await planned);
      planned = next;
      next = undefined;
    }
    next = batch.length > 0 ? ahead(batch) : undefined;
    if (planned) yield* roundRobin(await planned);
    planned = undefined;
    if (next) yield* roundRobin(await next);
  } finally {
    // A run that stops early (its planning aborted) ends only once the batch planned ahead has: nothing
    // is written to the store after the run.
    await Promise.all([planned?.catch(() => {}), next?.catch(() => {})]);
  }
}
