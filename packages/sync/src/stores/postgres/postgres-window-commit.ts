// Group commit on PostgreSQL: a batch of windows' rows and checkpoints in one transaction, in three round
// trips however many windows it holds (BEGIN with the locks and stored days, the writes as one prepared
// statement, COMMIT). The windows are applied in order: a later window's points merge into what an
// earlier one of the batch wrote, as if each had committed alone.
import type pg from 'pg';
import { pointsByDay, type StepDay, type StepDayColumns, writtenDay } from '../step-days.js';
import { coveredUntil, type WindowCommit } from '../store.js';
import { keyValues } from '../store-rows.js';
import type { postgresErasure } from './postgres-erasure.js';
import { dayKey, lockedDays } from './postgres-step-days.js';
import { commitStatement, type DoneWindow, type ReadSummary } from './upsert-rows.js';

const summaryKey = (r: ReadSummary['row']) =>
  JSON.stringify([r.resource, r.userId, r.provider, r.calendarDate]);

/**
 * Every window of `commits` as its own commit would leave the store. It opens the caller's transaction
 * itself (BEGIN sent with its first statements): run it with `inTransaction`'s `beganByWork`.
 */
export async function commitWindowBatch(
  client: pg.PoolClient,
  erasure: ReturnType<typeof postgresErasure>,
  commits: readonly WindowCommit[],
): Promise<void> {
  const reads = commits.map((commit) => ({ commit, days: pointsByDay(commit.rows.steps) }));
  // One round trip: BEGIN, the erasure lock and key, every day row's lock and its stored days.
  const { stored, preludeRows } = await lockedDays(
    client,
    reads.flatMap((read) => read.days),
    ['BEGIN', ...erasure.refusePrelude],
  );
  const keyRows = preludeRows as { value: string }[];
  const written = new Map<string, { day: StepDay; fetchedAt: string }>();
  const summaries = new Map<string, ReadSummary>();
  const done = new Map<string, DoneWindow>();
  for (const { commit, days } of reads) {
    const { window, rows, fetchedAt } = commit;
    // An erased user's window stores nothing (the refusal is counted on its tombstone).
    if (await erasure.refuseWithKey(client, keyRows, { userId: window.userId })) continue;
    for (const read of days) {
      const key = dayKey(read.userId, read.provider, read.day);
      const row = writtenDay(stored.get(key), read, fetchedAt);
      written.set(key, row);
      // What a later window of the batch merges into.
      stored.set(key, {
        user_id: row.day.userId,
        provider: row.day.provider,
        day: row.day.day,
        points: row.day.points,
        fetched_at: row.fetchedAt,
      } satisfies StepDayColumns);
    }
    // A summary read again later in the batch replaces the earlier read's (a later read wins, as stored).
    for (const row of rows.summaries) {
      const key = summaryKey(row);
      const kept = summaries.get(key);
      if (!kept || fetchedAt >= kept.fetchedAt) summaries.set(key, { row, fetchedAt });
    }
    const key = keyValues(window);
    done.set(JSON.stringify(key), {
      key,
      generation: window.generation ?? 1,
      coveredUntil: coveredUntil(window),
    });
  }
  if (done.size === 0) return;
  await client.query(commitStatement([...written.values()], [...summaries.values()], [...done.values()]));
}
