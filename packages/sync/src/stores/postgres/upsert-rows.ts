// A batch of windows' commit as few statements as fit: its steps day rows (merged already) and summaries upserted
// by multi-row INSERTs, and the windows marked done, joined into one statement (data-modifying WITH) while
// the parameters fit; a summary stored from a later read is kept.
import { numbered } from '../erasure-plan.js';
import type { StepDay } from '../step-days.js';
import { recordText, type SummaryRow } from '../store.js';
import { type SqlPart, upsertDays } from './postgres-step-days.js';

// Rows per INSERT, and parameters per statement: well under PostgreSQL's 65,535.
const ROWS = 1_000;
const PARAMETERS = 30_000;

/** A summary row with when its read started. */
export interface ReadSummary {
  row: SummaryRow;
  fetchedAt: string;
}

function upsertSummaries(rows: readonly ReadSummary[]): SqlPart {
  return {
    sql: `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at) VALUES ${rows
      .map(() => '(?, ?, ?, ?, ?, ?)')
      .join(', ')}
      ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
      fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at`,
    values: rows.flatMap(({ row: r, fetchedAt }) => [
      r.resource,
      r.userId,
      r.provider,
      r.calendarDate,
      recordText(r.data),
      fetchedAt,
    ]),
  };
}

/** Parts as statements: consecutive parts joined by WITH while their parameters fit, in order. */
function joined(parts: readonly SqlPart[]): { text: string; values: unknown[] }[] {
  const groups: SqlPart[][] = [];
  for (const part of parts) {
    const group = groups.at(-1);
    const size = group?.reduce((sum, p) => sum + p.values.length, 0) ?? 0;
    if (group && size + part.values.length <= PARAMETERS) group.push(part);
    else groups.push([part]);
  }
  return groups.map((group) => {
    const last = group.at(-1) as SqlPart;
    const before = group.slice(0, -1).map((part, i) => `s${i} AS (${part.sql})`);
    const sql = before.length === 0 ? last.sql : `WITH ${before.join(',\n')}\n${last.sql}`;
    return { text: numbered(sql), values: group.flatMap((part) => part.values) };
  });
}

/**
 * The statements of a commit: day rows, summaries, then `done` (the windows' checkpoints). Each row key
 * appears once (an upsert cannot touch a row twice in one statement): the caller merged them.
 */
export function commitStatements(
  days: readonly { day: StepDay; fetchedAt: string }[],
  summaries: readonly ReadSummary[],
  done: readonly SqlPart[],
): { text: string; values: unknown[] }[] {
  const parts: SqlPart[] = [];
  for (let i = 0; i < days.length; i += ROWS) parts.push(upsertDays(days.slice(i, i + ROWS)));
  for (let i = 0; i < summaries.length; i += ROWS) parts.push(upsertSummaries(summaries.slice(i, i + ROWS)));
  parts.push(...done);
  return joined(parts);
}
