// Steps as one row per user, provider and UTC day (schema version 6), the same for both stores: how a
// day's points are written into one JSON array and read back, merged by a later read, trimmed by retention.
//
// The day is the UTC day of a point's start: the days a window plans with, so a window's read writes the
// day rows of its own days. Each point is kept once, as the service sent it (its times with their offsets,
// every field): the row's start, end, unit and value are read from it. A point whose stored fields cannot
// be read from its record (none kept, from a store older than version 2, or a record that says otherwise)
// is kept as `[start, end, unit, value]`, with its record (or the text of a damaged one) as a fifth item.
// The row's `fetched_at` is when its latest read started; a point an earlier read took (kept because a
// later read did not name it, or an older read committed last) is wrapped as `[0, taken ms, point]`, so
// "a read replaces a point it is not older than" and `since` stay exact per point, as with a row per point.

import { ShapeError } from '../errors/errors.js';
import { isoOf, timeMs } from '../instants.js';
import { READ_TIMES, type ReadStepRow, type StepKey, type StepRow } from './store.js';
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

/**
 * One point before it is written: a StepRow with normalised times, or an older store's damaged record
 * text; a read's point carries its times as parsed once (`startMs`, `endMs`), for the checks below.
 */
export type StoredPoint = StepRow & { recordText?: string; startMs?: number; endMs?: number };

const DAMAGED_DAY = 'its stored day of points is not a JSON array';

// The form `toISOString` writes: a time already in it is kept without parsing (the common case, and the
// store's hot path: parsing and formatting a time costs more than writing the point).
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** An ISO instant in the one form the store keys by (UTC, milliseconds); text that is no time as it is. */
export const instantOf = (time: string | Date): string => {
  if (typeof time === 'string' && CANONICAL.test(time)) return time;
  const ms = typeof time === 'string' ? timeMs(time) : time.getTime();
  return Number.isNaN(ms) ? String(time) : isoOf(ms);
};

/** Whether two written times are one instant (a point's own time, with its offset, against its key). */
const sameInstant = (written: string, key: string, keyMs: number | undefined) =>
  written === key || timeMs(written) === (keyMs ?? timeMs(key));

/** The UTC day (`YYYY-MM-DD`) a point starting at `start` is kept under. */
export const dayOf = (start: string): string => instantOf(start).slice(0, 10);

/** Whether a point's times are its record's own, as the sync read them (see READ_TIMES). */
const readTimes = (point: StoredPoint): point is ReadStepRow =>
  (point as Partial<ReadStepRow>)[READ_TIMES] === true;

function elementOf(point: StoredPoint): unknown {
  const data = point.data;
  if (
    data &&
    typeof data.start === 'string' &&
    typeof data.end === 'string' &&
    data.unit === point.unit &&
    data.value === point.value &&
    (readTimes(point) ||
      (sameInstant(data.start, point.start, point.startMs) && sameInstant(data.end, point.end, point.endMs)))
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

/** A stored point and when the read that took it started (ISO). */
export interface TakenPoint {
  point: StoredPoint;
  taken: string;
}

/** A day row's points in start order, each with its read's time; a row that is not a JSON array is one point marked damaged. */
export function takenOfDay(row: StepDayColumns): TakenPoint[] {
  const rowTaken = row.fetched_at === undefined ? '' : instantOf(row.fetched_at);
  let elements: unknown;
  try {
    elements = JSON.parse(row.points);
  } catch {
    elements = undefined;
  }
  if (!Array.isArray(elements))
    return [
      {
        taken: rowTaken,
        point: {
          userId: row.user_id,
          provider: row.provider,
          start: `${row.day}T00:00:00.000Z`,
          end: `${row.day}T00:00:00.000Z`,
          unit: '',
          value: Number.NaN,
          damaged: DAMAGED_DAY,
        },
      },
    ];
  return elements.map((element) =>
    Array.isArray(element) && element[0] === 0
      ? {
          taken: new Date(element[1] as number).toISOString(),
          point: pointOf(row.user_id, row.provider, element[2]),
        }
      : { taken: rowTaken, point: pointOf(row.user_id, row.provider, element) },
  );
}

/** A day row's points in start order (see `takenOfDay`). */
export const pointsOfDay = (row: StepDayColumns): StepRow[] => takenOfDay(row).map(({ point }) => point);

/** Items by start: themselves when already in that order (no copy), else a sorted copy (a stable sort). */
function inStartOrder<T>(items: readonly T[], startOf: (item: T) => string): readonly T[] {
  for (let i = 1; i < items.length; i++)
    if (startOf(items[i - 1] as T) > startOf(items[i] as T))
      return [...items].sort((a, b) => {
        const x = startOf(a);
        const y = startOf(b);
        return x < y ? -1 : x > y ? 1 : 0;
      });
  return items;
}

/**
 * Points of one user, provider and day, each with its read's time, as the row that holds them and the
 * row's `fetched_at` (the latest read among them).
 */
export function dayOfTaken(
  userId: string,
  provider: string,
  day: string,
  points: readonly TakenPoint[],
): { day: StepDay; fetchedAt: string } {
  const sorted = inStartOrder(points, (taken) => taken.point.start);
  let fetchedAt = '';
  for (const { taken } of sorted) if (taken > fetchedAt) fetchedAt = taken;
  let lastEnd = '';
  const elements: unknown[] = [];
  for (const { point, taken } of sorted) {
    if (point.end > lastEnd) lastEnd = point.end;
    const element = elementOf(point);
    elements.push(taken < fetchedAt ? [0, Date.parse(taken), element] : element);
  }
  return {
    day: { userId, provider, day, points: JSON.stringify(elements), n: sorted.length, lastEnd },
    fetchedAt,
  };
}

/** A day's points (one user, provider and day) taken by one read, as the row that holds them. */
export const dayOfPoints = (userId: string, provider: string, day: string, points: readonly StoredPoint[]) =>
  dayOfTaken(
    userId,
    provider,
    day,
    points.map((point) => ({ point, taken: '' })),
  ).day;

const timeOf = (value: unknown) => (typeof value === 'string' ? timeMs(value) : Number.NaN);

const shapeError = (row: StepRow) =>
  new ShapeError(
    `a steps point of user ${row.userId} from ${row.provider} has no valid start, end, unit or value: nothing of the window was stored`,
  );

/** A point with the times it is keyed by normalised; a point the store cannot keep is a ShapeError. */
function normalised(row: StepRow): StoredPoint {
  // A row the sync read is normalised already: kept as it is (its unit and value still checked).
  if (readTimes(row)) {
    if (typeof row.unit !== 'string' || typeof row.value !== 'number') throw shapeError(row);
    return row;
  }
  // Parsed once here: a time with an offset costs about half a microsecond to parse, times every point.
  const startMs = timeOf(row.start);
  const endMs = timeOf(row.end);
  if (
    Number.isNaN(startMs) ||
    Number.isNaN(endMs) ||
    typeof row.unit !== 'string' ||
    typeof row.value !== 'number'
  )
    throw shapeError(row);
  // Built field by field: an object spread per point cost more than the parses it saves (Node 20's profile).
  const point: StoredPoint = {
    userId: row.userId,
    provider: row.provider,
    start: instantOf(row.start),
    end: instantOf(row.end),
    unit: row.unit,
    value: row.value,
    startMs,
    endMs,
  };
  if (row.data !== undefined) point.data = row.data;
  if (row.damaged !== undefined) point.damaged = row.damaged;
  return point;
}

/** A window's points grouped by the day row each goes to, keyed by user, provider and day. */
export function pointsByDay(steps: readonly StepRow[]) {
  const days = new Map<string, { userId: string; provider: string; day: string; points: StoredPoint[] }>();
  let pair = '';
  let user: string | undefined;
  let provider: string | undefined;
  for (const row of steps) {
    const point = normalised(row);
    const day = point.start.slice(0, 10);
    // A window's points are one user's from one provider: their pair's key is made once.
    if (point.userId !== user || point.provider !== provider) {
      user = point.userId;
      provider = point.provider;
      pair = JSON.stringify([user, provider]);
    }
    const key = `${pair}${day}`;
    const entry = days.get(key);
    if (entry) entry.points.push(point);
    else days.set(key, { userId: point.userId, provider: point.provider, day, points: [point] });
  }
  return [...days.values()];
}

/** The days one user's rows from one provider take in a commit: a range read (and, on PostgreSQL, a lock) each. */
export interface DaySpan {
  userId: string;
  provider: string;
  first: string;
  last: string;
}

/**
 * The span of days each user and provider's day rows take, in the order of their keys (the order
 * PostgreSQL's commits take their locks in, so two never wait on each other crosswise).
 */
export function daySpans(days: Iterable<{ userId: string; provider: string; day: string }>): DaySpan[] {
  const spans = new Map<string, DaySpan>();
  for (const { userId, provider, day } of days) {
    const key = JSON.stringify([userId, provider]);
    const span = spans.get(key);
    if (!span) spans.set(key, { userId, provider, first: day, last: day });
    else {
      if (day < span.first) span.first = day;
      if (day > span.last) span.last = day;
    }
  }
  return [...spans.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, span]) => span);
}

/**
 * A day's stored points merged with a read's (started at `readAt`), each start kept once: the read's point
 * replaces a stored one it is not older than, else the stored one stays. Points the read does not name
 * stay (as a point did when it was a row of its own). A damaged stored day is replaced.
 */
export function mergeDay(
  stored: readonly TakenPoint[],
  read: readonly StoredPoint[],
  readAt: string,
): TakenPoint[] {
  const byStart = new Map<string, TakenPoint>();
  for (const taken of stored) if (taken.point.damaged !== DAMAGED_DAY) byStart.set(taken.point.start, taken);
  for (const point of read) {
    const kept = byStart.get(point.start);
    if (!kept || readAt >= kept.taken) byStart.set(point.start, { point, taken: readAt });
  }
  return [...byStart.values()];
}

/** A day row written from a read: merged with the row stored, if any. */
export function writtenDay(
  stored: StepDayColumns | undefined,
  read: { userId: string; provider: string; day: string; points: StoredPoint[] },
  fetchedAt: string,
) {
  const readAt = instantOf(fetchedAt);
  if (!stored) return { day: dayOfRead(read), fetchedAt: readAt };
  return dayOfTaken(read.userId, read.provider, read.day, mergeDay(takenOfDay(stored), read.points, readAt));
}

/**
 * A new day row of one read's points: `dayOfTaken` with every point taken by that read (so none is
 * wrapped), without a wrapper per point.
 */
function dayOfRead(read: { userId: string; provider: string; day: string; points: StoredPoint[] }): StepDay {
  const sorted = inStartOrder(read.points, (point) => point.start);
  let lastEnd = '';
  const elements: unknown[] = [];
  for (const point of sorted) {
    if (point.end > lastEnd) lastEnd = point.end;
    elements.push(elementOf(point));
  }
  const { userId, provider, day } = read;
  return { userId, provider, day, points: JSON.stringify(elements), n: sorted.length, lastEnd };
}

/**
 * The points of a page of day rows (in key order) that come after `after`, at most `limit`: a row's
 * points before or at `after` are those of the row that holds `after`'s day.
 */
export function pointsAfter(
  rows: readonly StepDayColumns[],
  after: StepKey | undefined,
  limit: number,
  since?: string,
) {
  const out: StepRow[] = [];
  const afterDay = after && dayOf(after.start);
  const afterStart = after && instantOf(after.start);
  for (const row of rows) {
    const holdsAfter =
      after !== undefined &&
      row.user_id === after.userId &&
      row.provider === after.provider &&
      row.day === afterDay;
    for (const { point, taken } of takenOfDay(row)) {
      if (holdsAfter && point.start <= (afterStart as string)) continue;
      if (since !== undefined && !(taken > since)) continue;
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
  since: string | undefined,
): Promise<StepRow[]> {
  const count = dayRowsFor(limit);
  const sinceAt = since === undefined ? undefined : instantOf(since);
  let cursor: DayCursor = after
    ? { userId: after.userId, provider: after.provider, day: dayOf(after.start), inclusive: true }
    : { userId: '', provider: '', day: '', inclusive: true };
  const out: StepRow[] = [];
  for (;;) {
    const rows = await fetch(cursor, count);
    out.push(...pointsAfter(rows, after, limit - out.length, sinceAt));
    const last = rows.at(-1);
    if (out.length >= limit || rows.length < count || !last) return out;
    cursor = { userId: last.user_id, provider: last.provider, day: last.day, inclusive: false };
  }
}

/**
 * What retention does to the day row `cutoff` falls inside: its points starting before the cutoff go;
 * `kept` is the row rewritten (with its `fetched_at`), or null when no point is left (the row goes).
 */
export function trimDay(
  row: StepDayColumns,
  cutoff: string,
): { removed: number; kept: { day: StepDay; fetchedAt: string } | null } {
  const points = takenOfDay(row);
  const bound = instantOf(cutoff);
  const kept = points.filter(({ point }) => point.start >= bound);
  return {
    removed: points.length - kept.length,
    kept: kept.length === 0 ? null : dayOfTaken(row.user_id, row.provider, row.day, kept),
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
  points: TakenPoint[];
}

/**
 * A page of version 5's rows (read in key order: user, provider, start) as the day rows they make, each
 * each point with its own `fetched_at`; the last day may go on in the next page (`open`, handed back
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
    const taken = { point, taken: instantOf(row.fetched_at) };
    if (
      current &&
      current.userId === point.userId &&
      current.provider === point.provider &&
      current.day === day
    ) {
      current.points.push(taken);
      continue;
    }
    if (current) days.push(closed(current));
    current = { userId: point.userId, provider: point.provider, day, points: [taken] };
  }
  return { days, open: current };
}

/** A gathered day as the row it writes. */
export const closed = (open: OpenDay) => dayOfTaken(open.userId, open.provider, open.day, open.points);
