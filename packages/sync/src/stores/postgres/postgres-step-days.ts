// Steps on PostgreSQL (schema version 6): a window's points written into their day rows, merged with what
// a row holds under a lock per user and provider (two workers committing windows that share a day merge
// one after the other); pages of points read from day rows; retention's cut inside a day; the migration
// from version 5's row per point.
import type pg from 'pg';
import { STEPS_V5_TABLE } from '../migrations/v6-step-days.js';
import {
  closed,
  type DayCursor,
  daySpans,
  daysOfV5Rows,
  type OpenDay,
  readPointPage,
  type StepDay,
  type StepDayColumns,
  trimDay,
  type V5StepColumns,
} from '../step-days.js';
import type { StepKey, StepRow } from '../store.js';

type Query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;

// Taken (with a key per user and provider) by a commit before it reads the day rows it merges into.
const STEP_DAYS_LOCK = 7310727;

/**
 * Day rows upserted from `$1`, a JSON array of them (`daysJson`); the merge is done: the row written is
 * the row. One text whatever the number of rows, so PostgreSQL prepares and plans it once.
 */
export const UPSERT_DAYS = `INSERT INTO svc_steps (user_id, provider, day, points, n, last_end, fetched_at)
  SELECT * FROM json_to_recordset($1::json) AS r (user_id text, provider text, day text, points text,
    n int, last_end timestamptz, fetched_at timestamptz)
  ON CONFLICT (user_id, provider, day) DO UPDATE SET points = excluded.points, n = excluded.n,
    last_end = excluded.last_end, fetched_at = excluded.fetched_at`;

/** Day rows as UPSERT_DAYS takes them (JSON.stringify escapes their JSON text natively). */
export const daysJson = (days: readonly { day: StepDay; fetchedAt: string }[]): string =>
  JSON.stringify(
    days.map(({ day, fetchedAt }) => ({
      user_id: day.userId,
      provider: day.provider,
      day: day.day,
      points: day.points,
      n: day.n,
      last_end: day.lastEnd,
      fetched_at: fetchedAt,
    })),
  );

/** A day row's key in the maps a commit merges through. */
export const dayKey = (userId: string, provider: string, day: string) =>
  JSON.stringify([userId, provider, day]);

/**
 * The stored day rows a batch of windows writes to: one round trip runs `prelude` (statements of the
 * caller's that must come first), takes the lock of each user and provider (in order, so two commits
 * never wait on each other crosswise) and reads their stored days in the span the batch writes. Gives
 * the rows by `dayKey` and the rows of the prelude's last statement.
 */
export async function lockedDays(
  client: pg.PoolClient,
  days: Iterable<{ userId: string; provider: string; day: string }>,
  prelude: readonly string[],
): Promise<{ stored: Map<string, StepDayColumns>; preludeRows: pg.QueryResultRow[] }> {
  const ordered = daySpans(days);
  const lit = (text: string) => client.escapeLiteral(text);
  // Each statement of one simple query sees what committed before it: the reads see every merge that
  // held the lock before this one. (Literals, escaped by pg: a simple query takes no parameters.)
  const reads =
    ordered.length === 0
      ? []
      : [
          ...ordered.map(
            (s) =>
              `SELECT pg_advisory_xact_lock(${STEP_DAYS_LOCK}, hashtext(${lit(`${s.userId}/${s.provider}`)}))`,
          ),
          ordered
            .map(
              (s) =>
                `SELECT user_id, provider, day, points, fetched_at FROM svc_steps WHERE user_id = ${lit(s.userId)}
                 AND provider = ${lit(s.provider)} AND day BETWEEN ${lit(s.first)} AND ${lit(s.last)}`,
            )
            .join(' UNION ALL '),
        ];
  const statements = [...prelude, ...reads];
  const stored = new Map<string, StepDayColumns>();
  if (statements.length === 0) return { stored, preludeRows: [] };
  const answer = (await client.query(statements.join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
  const results = Array.isArray(answer) ? answer : [answer];
  const preludeRows = prelude.length === 0 ? [] : (results[prelude.length - 1]?.rows ?? []);
  if (reads.length > 0)
    for (const row of (results.at(-1) as pg.QueryResult<StepDayColumns>).rows)
      stored.set(dayKey(row.user_id, row.provider, row.day), row);
  return { stored, preludeRows };
}

/** A page of points after `after` (see SyncStore.readSteps). */
export function readStepPage(
  query: Query,
  limit: number,
  after: StepKey | undefined,
  since: string | undefined,
): Promise<StepRow[]> {
  return readPointPage(
    async (cursor: DayCursor, count) =>
      (
        await query<StepDayColumns>(
          `SELECT user_id, provider, day, points, fetched_at FROM svc_steps
           WHERE (user_id, provider, day) ${cursor.inclusive ? '>=' : '>'} ($1, $2, $3) AND fetched_at > $4
           ORDER BY user_id, provider, day LIMIT $5`,
          [cursor.userId, cursor.provider, cursor.day, since ?? '-infinity', count],
        )
      ).rows,
    limit,
    after,
    since,
  );
}

/** Inside retention's transaction: the points before `cutoff` of the day it falls inside. */
export async function trimStepDay(client: pg.PoolClient, day: string, cutoff: string): Promise<number> {
  const { rows } = await client.query<StepDayColumns>(
    'SELECT user_id, provider, day, points, fetched_at FROM svc_steps WHERE day = $1',
    [day],
  );
  let removed = 0;
  for (const row of rows) {
    const trimmed = trimDay(row, cutoff);
    if (trimmed.removed === 0) continue;
    removed += trimmed.removed;
    const key = [row.user_id, row.provider, row.day];
    if (trimmed.kept === null)
      await client.query('DELETE FROM svc_steps WHERE user_id = $1 AND provider = $2 AND day = $3', key);
    else
      await client.query(
        `UPDATE svc_steps SET points = $4, n = $5, last_end = $6, fetched_at = $7
         WHERE user_id = $1 AND provider = $2 AND day = $3`,
        [
          ...key,
          trimmed.kept.day.points,
          trimmed.kept.day.n,
          trimmed.kept.day.lastEnd,
          trimmed.kept.fetchedAt,
        ],
      );
  }
  return removed;
}

/** Version 5's rows rewritten as day rows, a page at a time in key order; then their table goes. */
export async function rewriteStepsByDay(query: Query): Promise<void> {
  const write = async (days: { day: StepDay; fetchedAt: string }[]) => {
    await query(UPSERT_DAYS, [daysJson(days)]);
  };
  let open: OpenDay | undefined;
  let after: [string, string, string] | undefined;
  const columns = 'user_id, provider, start, "end", unit, value, data, fetched_at, start::text AS start_key';
  const order = 'ORDER BY user_id, provider, start LIMIT 5000';
  for (;;) {
    // The cursor's start as the server's text: a Date would drop a stored time's microseconds.
    const { rows } = await query<V5StepColumns & { start_key: string }>(
      after
        ? `SELECT ${columns} FROM ${STEPS_V5_TABLE} WHERE (user_id, provider, start) > ($1, $2, $3::timestamptz) ${order}`
        : `SELECT ${columns} FROM ${STEPS_V5_TABLE} ${order}`,
      after,
    );
    const gathered = daysOfV5Rows(rows, open);
    await write(gathered.days);
    open = gathered.open;
    const last = rows.at(-1);
    if (!last) break;
    after = [last.user_id, last.provider, last.start_key];
  }
  if (open) await write([closed(open)]);
  await query(`DROP TABLE ${STEPS_V5_TABLE}`);
}
