// A window's rows upserted by natural key in batches; a row stored from a later read is kept.
import type pg from 'pg';
import { recordText, type WindowRows } from '../store.js';

// A batch keeps each statement well under PostgreSQL's 65,535 parameters (8 per steps row).
const BATCH = 1_000;

/** Values as `($1, …, $k, $last)` tuples of `width` each, the last parameter shared by every tuple. */
function tuples(count: number, width: number): string {
  return Array.from({ length: count }, (_, n) => {
    const own = Array.from({ length: width }, (_, i) => `$${n * width + i + 1}`);
    return `(${[...own, `$${count * width + 1}`].join(', ')})`;
  }).join(', ');
}

export async function upsertRows(client: pg.PoolClient, rows: WindowRows, fetchedAt: string): Promise<void> {
  for (let i = 0; i < rows.steps.length; i += BATCH) {
    const batch = rows.steps.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO svc_steps (user_id, provider, start, "end", unit, value, data, fetched_at) VALUES ${tuples(batch.length, 7)}
       ON CONFLICT (user_id, provider, start) DO UPDATE SET "end" = excluded."end", unit = excluded.unit,
       value = excluded.value, data = excluded.data, fetched_at = excluded.fetched_at
       WHERE excluded.fetched_at >= svc_steps.fetched_at`,
      [
        ...batch.flatMap((r) => [r.userId, r.provider, r.start, r.end, r.unit, r.value, recordText(r.data)]),
        fetchedAt,
      ],
    );
  }
  for (let i = 0; i < rows.summaries.length; i += BATCH) {
    const batch = rows.summaries.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at) VALUES ${tuples(batch.length, 5)}
       ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
       fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at`,
      [
        ...batch.flatMap((r) => [r.resource, r.userId, r.provider, r.calendarDate, recordText(r.data)]),
        fetchedAt,
      ],
    );
  }
}
