// A batch of windows' commit as one statement of fixed text, prepared once per connection: its steps day
// rows (merged already) and its summaries passed as one JSON array each (JSON.stringify escapes their
// JSON text natively, where pg's array literals escape each value in JavaScript), its windows'
// checkpoints as columns of arrays (unnest); so neither the statement's text nor its plan depends on how
// many rows a batch holds (a text built per batch was parsed and planned again each time, with a
// parameter per value). A summary stored from a later read is kept.
import type { StepDay } from '../step-days.js';
import { recordText, type SummaryRow } from '../store.js';
import { daysJson, UPSERT_DAYS } from './postgres-step-days.js';

/** A summary row with when its read started. */
export interface ReadSummary {
  row: SummaryRow;
  fetchedAt: string;
}

/**
 * A window read to its end: its key (`keyValues`: user, resource, provider, start, end), the generation
 * read, and the time it covers until.
 */
export interface DoneWindow {
  key: readonly string[];
  generation: number;
  coveredUntil: string;
}

/** Columns of the key, in `keyValues`'s order. */
const KEY_COLUMNS = 5;

// Every write of the three tables in one statement (data-modifying WITH): each row key appears once.
const COMMIT = `WITH steps AS (
  ${UPSERT_DAYS}
), summaries AS (
  INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at)
  SELECT * FROM json_to_recordset($2::json) AS r (resource text, user_id text, provider text,
    calendar_date text, data text, fetched_at timestamptz)
  ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
    fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at
)
UPDATE svc_windows w SET status = 'done', covered_until = d.covered_until, updated_at = now()
FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::timestamptz[])
  AS d (user_id, resource, provider, start_date, end_date, generation, covered_until)
WHERE w.user_id = d.user_id AND w.resource = d.resource AND w.provider = d.provider
  AND w.start_date = d.start_date AND w.end_date = d.end_date AND w.generation = d.generation`;

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
      daysJson(days),
      JSON.stringify(
        summaries.map(({ row, fetchedAt }) => ({
          resource: row.resource,
          user_id: row.userId,
          provider: row.provider,
          calendar_date: row.calendarDate,
          data: recordText(row.data),
          fetched_at: fetchedAt,
        })),
      ),
      // The windows as one array per column.
      ...Array.from({ length: KEY_COLUMNS }, (_, i) => done.map((w) => w.key[i])),
      done.map((w) => w.generation),
      done.map((w) => w.coveredUntil),
    ],
  };
}
