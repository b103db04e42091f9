// Steps on SQLite (schema version 6): a window's points written into their day rows, merged with what a
// row holds; pages of points read from day rows; retention's cut inside a day; the migration from
// version 5's row per point. Runs inside the caller's write transaction where it writes.
import { STEPS_V5_TABLE } from '../migrations/v6-step-days.js';
import {
  closed,
  type DayCursor,
  daySpans,
  daysOfV5Rows,
  type OpenDay,
  pointsByDay,
  readPointPage,
  type StepDay,
  type StepDayColumns,
  trimDay,
  type V5StepColumns,
  writtenDay,
} from '../step-days.js';
import type { StepKey, StepRow } from '../store.js';
import type { SqliteDatabase } from './sqlite-database.js';

const UPSERT = `INSERT INTO svc_steps (user_id, provider, day, points, n, last_end, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (user_id, provider, day) DO UPDATE SET points = excluded.points, n = excluded.n,
  last_end = excluded.last_end, fetched_at = excluded.fetched_at`;

const writeDay = (db: SqliteDatabase, day: StepDay, fetchedAt: string) =>
  db.prepare(UPSERT).run(day.userId, day.provider, day.day, day.points, day.n, day.lastEnd, fetchedAt);

/** Version 5's rows rewritten as day rows, a page at a time in key order; then their table goes. */
export function rewriteStepsByDay(db: SqliteDatabase): void {
  const page = db.prepare(
    `SELECT user_id, provider, start, "end", unit, value, data, fetched_at FROM ${STEPS_V5_TABLE}
     WHERE (user_id, provider, start) > (?, ?, ?) ORDER BY user_id, provider, start LIMIT 5000`,
  );
  let open: OpenDay | undefined;
  let after: [string, string, string] = ['', '', ''];
  for (;;) {
    const rows = page.all<V5StepColumns>(...after);
    const gathered = daysOfV5Rows(rows, open);
    for (const { day, fetchedAt } of gathered.days) writeDay(db, day, fetchedAt);
    open = gathered.open;
    const last = rows.at(-1);
    if (!last) break;
    after = [last.user_id, last.provider, String(last.start)];
  }
  if (open) {
    const { day, fetchedAt } = closed(open);
    writeDay(db, day, fetchedAt);
  }
  db.exec(`DROP TABLE ${STEPS_V5_TABLE}`);
}

const prepareStepStatements = (db: SqliteDatabase) => ({
  upsert: db.prepare(UPSERT),
  range: db.prepare(
    `SELECT user_id, provider, day, points, fetched_at FROM svc_steps
     WHERE user_id = ? AND provider = ? AND day BETWEEN ? AND ?`,
  ),
  from: db.prepare(
    `SELECT user_id, provider, day, points, fetched_at FROM svc_steps WHERE (user_id, provider, day) >= (?, ?, ?)
     AND fetched_at > ? ORDER BY user_id, provider, day LIMIT ?`,
  ),
  after: db.prepare(
    `SELECT user_id, provider, day, points, fetched_at FROM svc_steps WHERE (user_id, provider, day) > (?, ?, ?)
     AND fetched_at > ? ORDER BY user_id, provider, day LIMIT ?`,
  ),
  ofDay: db.prepare('SELECT user_id, provider, day, points, fetched_at FROM svc_steps WHERE day = ?'),
  rewrite: db.prepare(
    `UPDATE svc_steps SET points = ?, n = ?, last_end = ?, fetched_at = ?
     WHERE user_id = ? AND provider = ? AND day = ?`,
  ),
  remove: db.prepare('DELETE FROM svc_steps WHERE user_id = ? AND provider = ? AND day = ?'),
});

type StepStatements = ReturnType<typeof prepareStepStatements>;

/**
 * Inside the commit's transaction: each day row the points go to, merged with what it holds (a read
 * not older than the row replaces the points it names).
 */
function writeSteps(s: StepStatements, steps: readonly StepRow[], fetchedAt: string): void {
  const days = pointsByDay(steps);
  const stored = new Map<string, StepDayColumns>();
  // One range read per user and provider (a window's points are one user's from one provider).
  for (const { userId, provider, first, last } of daySpans(days))
    for (const row of s.range.all<StepDayColumns>(userId, provider, first, last))
      stored.set(JSON.stringify([row.user_id, row.provider, row.day]), row);
  for (const read of days) {
    const { day, fetchedAt: rowAt } = writtenDay(
      stored.get(JSON.stringify([read.userId, read.provider, read.day])),
      read,
      fetchedAt,
    );
    s.upsert.run(day.userId, day.provider, day.day, day.points, day.n, day.lastEnd, rowAt);
  }
}

/** A page of points after `after` (see SyncStore.readSteps). */
function readStepPage(
  s: StepStatements,
  limit: number,
  after: StepKey | undefined,
  since: string | undefined,
): Promise<StepRow[]> {
  const fetchedAfter = since === undefined ? '' : new Date(since).toISOString();
  return readPointPage(
    (cursor: DayCursor, count) =>
      (cursor.inclusive ? s.from : s.after).all<StepDayColumns>(
        cursor.userId,
        cursor.provider,
        cursor.day,
        fetchedAfter,
        count,
      ),
    limit,
    after,
    since,
  );
}

/** Inside retention's transaction: the points before `cutoff` of the day it falls inside. */
function trimStepDay(s: StepStatements, day: string, cutoff: string): number {
  let removed = 0;
  for (const row of s.ofDay.all<StepDayColumns>(day)) {
    const trimmed = trimDay(row, cutoff);
    if (trimmed.removed === 0) continue;
    removed += trimmed.removed;
    if (trimmed.kept === null) s.remove.run(row.user_id, row.provider, row.day);
    else
      s.rewrite.run(
        trimmed.kept.day.points,
        trimmed.kept.day.n,
        trimmed.kept.day.lastEnd,
        trimmed.kept.fetchedAt,
        row.user_id,
        row.provider,
        row.day,
      );
  }
  return removed;
}

export function sqliteStepDays(db: SqliteDatabase) {
  let statements: StepStatements | undefined;
  const ready = () => {
    statements ??= prepareStepStatements(db);
    return statements;
  };
  return {
    write(steps: readonly StepRow[], fetchedAt: string): void {
      // No statement is prepared for a commit without steps.
      if (steps.length > 0) writeSteps(ready(), steps, fetchedAt);
    },
    readPage: (limit: number, after: StepKey | undefined, since: string | undefined): Promise<StepRow[]> =>
      readStepPage(ready(), limit, after, since),
    trim: (day: string, cutoff: string): number => trimStepDay(ready(), day, cutoff),
  };
}
