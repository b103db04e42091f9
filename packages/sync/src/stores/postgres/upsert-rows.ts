// A batch of windows' commit as one statement of fixed text, prepared once per connection: its steps day
// rows (merged already), its summaries and its windows' checkpoints, each passed as columns of arrays
// (unnest), so neither the statement's text nor its plan depends on how many rows a batch holds (a text
// built per batch was parsed and planned again each time, with a parameter per value); a summary stored
// from a later read is kept.
import type { StepDay } from '../step-days.js';
import { recordText, type SummaryRow } from '../store.js';

/** A summary row with when its read started. */
export interface ReadSummary {
  row: SummaryRow;
  fetchedAt: string;
}

/** A window read to its end: its key, the generation read, and the time it covers until. */
export interface DoneWindow {
  key: readonly [userId: string, resource: string, provider: string, start: string, end: string];
  generation: number;
  coveredUntil: string;
}

// Every write of the three tables in one statement (data-modifying WITH): each row key appears once.
const COMMIT = `WITH steps AS (
  INSERT INTO svc_steps (user_id, provider, day, points, n, last_end, fetched_at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::timestamptz[])
  ON CONFLICT (user_id, provider, day) DO UPDATE SET points = excluded.points, n = excluded.n,
    last_end = excluded.last_end, fetched_at = excluded.fetched_at
), summaries AS (
  INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at)
  SELECT * FROM unnest($8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
  ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
    fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at
)
UPDATE svc_windows w SET status = 'done', covered_until = d.covered_until, updated_at = now()
FROM unnest($14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::int[], $20::timestamptz[])
  AS d (user_id, resource, provider, start_date, end_date, generation, covered_until)
WHERE w.user_id = d.user_id AND w.resource = d.resource AND w.provider = d.provider
  AND w.start_date = d.start_date AND w.end_date = d.end_date AND w.generation = d.generation`;

/** `rows` as one array per column. */
const columns = <T>(rows: readonly T[], ...pick: ((row: T) => unknown)[]) =>
  pick.map((value) => rows.map(value));

/**
 * The commit's statement (pg prepares it once per connection by its name): day rows, summaries, and the
 * windows marked done. Each row key appears once (an upsert cannot touch a row twice in one statement):
 * the caller merged them.
 */
export function commitStatement(
  days: readonly { day: StepDay; fetchedAt: string }[],
  summaries: readonly ReadSummary[],
  done: readonly DoneWindow[],
): { name: string; text: string; values: unknown[] } {
  return {
    name: 'svc_commit_windows',
    text: COMMIT,
    values: [
      ...columns(
        days,
        (d) => d.day.userId,
        (d) => d.day.provider,
        (d) => d.day.day,
        (d) => d.day.points,
        (d) => d.day.n,
        (d) => d.day.lastEnd,
        (d) => d.fetchedAt,
      ),
      ...columns(
        summaries,
        (s) => s.row.resource,
        (s) => s.row.userId,
        (s) => s.row.provider,
        (s) => s.row.calendarDate,
        (s) => recordText(s.row.data),
        (s) => s.fetchedAt,
      ),
      ...columns(
        done,
        (w) => w.key[0],
        (w) => w.key[1],
        (w) => w.key[2],
        (w) => w.key[3],
        (w) => w.key[4],
        (w) => w.generation,
        (w) => w.coveredUntil,
      ),
    ],
  };
}
