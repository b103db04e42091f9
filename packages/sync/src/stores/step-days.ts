// Steps as one row per user, provider and UTC day (schema version 6), the same for both stores: how a
// day's points are written into one JSON array and read back, merged by a later read, trimmed by retention.
//
// The day is the UTC day of a point's start: the days a window plans with, so a window's read writes the
// day rows of its own days. Each point is kept once, as the service sent it (its times with their offsets,
// every field): the row's start, end, unit and value are read from it. A point whose stored fields cannot
// be read from its record (none kept, from a store older than version 2, or a record that says otherwise)
// is kept as `[start, end, unit, value]`, with its record (or the text of a damaged one) as a fifth item.
import { ShapeError } from '../errors/errors.js';
import type { StepKey, StepRow } from './store.js';
import { type StepColumns, stepOf, storedRecord } from './store-rows.js';

/** A day row as the database gives it (times as text or Dates). */
export interface StepDayColumns {
  user_id: string;
  provider: string;
  day: string;
  points: string;
  fetched_at?: string | Date;
}

/** A day row as it is written: the points' JSON array, how many, the latest end. */
export interface StepDay {
  userId: string;
  provider: string;
  day: string;
  points: string;
  n: number;
  lastEnd: string;
}

/** One point before it is written: a StepRow with normalised times, or an older store's damaged record text. */
export type StoredPoint = StepRow & { recordText?: string };

const DAMAGED_DAY = 'its stored day of points is not a JSON array';

/** An ISO instant in the one form the store keys by (UTC, milliseconds); text that is no time as it is. */
export const instantOf = (time: string | Date): string => {
  const ms = new Date(time).getTime();
  return Number.isNaN(ms) ? String(time) : new Date(ms).toISOString();
};

/** The UTC day (`YYYY-MM-DD`) a point starting at `start` is kept under. */
export const dayOf = (start: string): string => instantOf(start).slice(0, 10);

function elementOf(point: StoredPoint): unknown {
  const data = point.data;
  if (
    data &&
    typeof data.start === 'string' &&
    typeof data.end === 'string' &&
    data.unit === point.unit &&
    data.value === point.value &&
    instantOf(data.start) === point.start &&
    instantOf(data.end) === point.end
  )
    return data;
  // JSON has no NaN: a point without a value is kept as null, read back as NaN (as a NULL value was).
  const fields = [point.start, point.end, point.unit, Number.isFinite(point.value) ? point.value : null];
  if (point.recordText !== undefined) return [...fields, point.recordText];
  return data === undefined ? fields : [...fields, data];
}

function pointOf(userId: string, provider: string, element: unknown): StepRow {
  if (Array.isArray(element)) {
    const [start, end, unit, value, record] = element as [string, string, string, number | null, unknown];
    const extra =
      typeof record === 'string'
        ? storedRecord(record)
        : record === undefined
          ? {}
          : { data: record as Record<string, unknown> };
    return {
      userId,
      provider,
      start,
      end,
      unit,
      value: value === null ? Number.NaN : Number(value),
      ...extra,
    };
  }
  const data = element as Record<string, unknown>;
  return {
    userId,
    provider,
    start: instantOf(data.start as string),
    end: instantOf(data.end as string),
    unit: data.unit as string,
    value: data.value as number,
    data,
  };
}

/** A day row's points in start order; a row whose text is not a JSON array is one point marked damaged. */
export function pointsOfDay(row: StepDayColumns): StepRow[] {
  let elements: unknown;
  try {
    elements = JSON.parse(row.points);
  } catch {
    elements = undefined;
  }
  if (!Array.isArray(elements))
    return [
      {
        userId: row.user_id,
        provider: row.provider,
        start: `${row.day}T00:00:00.000Z`,
        end: `${row.day}T00:00:00.000Z`,
        unit: '',
        value: Number.NaN,
        damaged: DAMAGED_DAY,
      },
    ];
  return elements.map((element) => pointOf(row.user_id, row.provider, element));
}

/** A day's points (one user, provider and day) as the row that holds them. */
export function dayOfPoints(userId: string, provider: string, day: string, points: StoredPoint[]): StepDay {
  const sorted = [...points].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  let lastEnd = '';
  const texts: string[] = [];
  for (const point of sorted) {
    if (point.end > lastEnd) lastEnd = point.end;
    texts.push(JSON.stringify(elementOf(point)));
  }
  return { userId, provider, day, points: `[${texts.join(',')}]`, n: sorted.length, lastEnd };
}

const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** A point with the times it is keyed by normalised; a point the store cannot keep is a ShapeError. */
function normalised(row: StepRow): StoredPoint {
  if (!isTime(row.start) || !isTime(row.end) || typeof row.unit !== 'string' || typeof row.value !== 'number')
    throw new ShapeError(
      `a steps point of user ${row.userId} from ${row.provider} has no valid start, end, unit or value: nothing of the window was stored`,
    );
  return { ...row, start: instantOf(row.start), end: instantOf(row.end) };
}

/** A window's points grouped by the day row each goes to, keyed by user, provider and day. */
export function pointsByDay(steps: readonly StepRow[]) {
  const days = new Map<string, { userId: string; provider: string; day: string; points: StoredPoint[] }>();
  for (const row of steps) {
    const point = normalised(row);
    const day = point.start.slice(0, 10);
    const key = JSON.stringify([point.userId, point.provider, day]);
    const entry = days.get(key);
    if (entry) entry.points.push(point);
    else days.set(key, { userId: point.userId, provider: point.provider, day, points: [point] });
  }
  return [...days.values()];
}

/**
 * A day's stored points merged with a read's, each start kept once: the read's point replaces the stored
 * one when the read is not older than the row (`readWins`), else the stored one stays. Points the read
 * does not name stay (as a point did when it was a row of its own). A damaged stored day is replaced.
 */
export function mergeDay(stored: StepRow[], read: StoredPoint[], readWins: boolean): StoredPoint[] {
  const byStart = new Map<string, StoredPoint>();
  for (const point of stored) if (point.damaged !== DAMAGED_DAY) byStart.set(point.start, point);
  for (const point of read) if (readWins || !byStart.has(point.start)) byStart.set(point.start, point);
  return [...byStart.values()];
}

/**
 * The points of a page of day rows (in key order) that come after `after`, at most `limit`: a row's
 * points before or at `after` are those of the row that holds `after`'s day.
 */
export function pointsAfter(rows: readonly StepDayColumns[], after: StepKey | undefined, limit: number) {
  const out: StepRow[] = [];
  const afterDay = after && dayOf(after.start);
  const afterStart = after && instantOf(after.start);
  for (const row of rows) {
    const holdsAfter =
      after !== undefined &&
      row.user_id === after.userId &&
      row.provider === after.provider &&
      row.day === afterDay;
    for (const point of pointsOfDay(row)) {
      if (holdsAfter && point.start <= (afterStart as string)) continue;
      out.push(point);
      if (out.length === limit) return out;
    }
  }
  return out;
}

/** Where a read of day rows goes on from, and whether the row at that key is included. */
export interface DayCursor {
  userId: string;
  provider: string;
  day: string;
  inclusive: boolean;
}

/** Rows per query of a steps read: a page's worth of hourly days, and one for the day it starts inside. */
export const dayRowsFor = (limit: number) => Math.ceil(limit / 24) + 1;

/**
 * A page of stored points after `after` (at most `limit`), from day rows read in key order by `fetch`
 * (a query per `count` rows from the cursor), without reading more days than the page needs.
 */
export async function readPointPage(
  fetch: (cursor: DayCursor, count: number) => StepDayColumns[] | Promise<StepDayColumns[]>,
  limit: number,
  after: StepKey | undefined,
): Promise<StepRow[]> {
  const count = dayRowsFor(limit);
  let cursor: DayCursor = after
    ? { userId: after.userId, provider: after.provider, day: dayOf(after.start), inclusive: true }
    : { userId: '', provider: '', day: '', inclusive: true };
  const out: StepRow[] = [];
  for (;;) {
    const rows = await fetch(cursor, count);
    out.push(...pointsAfter(rows, after, limit - out.length));
    const last = rows.at(-1);
    if (out.length >= limit || rows.length < count || !last) return out;
    cursor = { userId: last.user_id, provider: last.provider, day: last.day, inclusive: false };
  }
}

/**
 * What retention does to the day row `cutoff` falls inside: its points starting before the cutoff go;
 * `kept` is the row rewritten, or null when no point is left (the row goes).
 */
export function trimDay(row: StepDayColumns, cutoff: string): { removed: number; kept: StepDay | null } {
  const points = pointsOfDay(row);
  const bound = instantOf(cutoff);
  const kept = points.filter((point) => point.start >= bound);
  return {
    removed: points.length - kept.length,
    kept: kept.length === 0 ? null : dayOfPoints(row.user_id, row.provider, row.day, kept),
  };
}

/** Version 5's steps row (one point), as the migration to version 6 reads it. */
export interface V5StepColumns extends StepColumns {
  fetched_at: string | Date;
}

/** A day being gathered from version 5's rows: its points so far and the latest `fetched_at` among them. */
export interface OpenDay {
  userId: string;
  provider: string;
  day: string;
  points: StoredPoint[];
  fetchedAt: string;
}

/**
 * A page of version 5's rows (read in key order: user, provider, start) as the day rows they make, each
 * with the latest `fetched_at` of its points; the last day may go on in the next page (`open`, handed back
 * with it). A damaged record keeps its text.
 */
export function daysOfV5Rows(
  rows: readonly V5StepColumns[],
  open: OpenDay | undefined,
): { days: { day: StepDay; fetchedAt: string }[]; open: OpenDay | undefined } {
  const days: { day: StepDay; fetchedAt: string }[] = [];
  let current = open;
  for (const row of rows) {
    const { damaged, ...step } = stepOf(row);
    const point: StoredPoint = damaged === undefined ? step : { ...step, recordText: row.data as string };
    const day = point.start.slice(0, 10);
    const fetchedAt = instantOf(row.fetched_at);
    if (
      current &&
      current.userId === point.userId &&
      current.provider === point.provider &&
      current.day === day
    ) {
      current.points.push(point);
      if (fetchedAt > current.fetchedAt) current.fetchedAt = fetchedAt;
      continue;
    }
    if (current) days.push(closed(current));
    current = { userId: point.userId, provider: point.provider, day, points: [point], fetchedAt };
  }
  return { days, open: current };
}

/** A gathered day as the row it writes. */
export const closed = (open: OpenDay) => ({
  day: dayOfPoints(open.userId, open.provider, open.day, open.points),
  fetchedAt: open.fetchedAt,
});
