import { HttpError } from '../internal/http-error.js';
import { randomFor } from '../internal/random.js';
import { PROVIDERS } from '../world/data/catalogue-data.js';
import { homeZoneOf, isoAt, writtenOffsetOf } from '../world/data/home-zone.js';
import { userById } from '../world/users/users.js';
import type { OperationContext, OperationHandler } from './operation-context.js';

const DAY_MS = 86_400_000;
/** Longest date range one read may ask for. */
export const MAX_RANGE_DAYS = 366;

const badRequest = (name: string, message: string) =>
  new HttpError(422, 'invalid_request', `${name} ${message}`, [
    { location: ['request', 'query', name], code: 'format', message: `${name} ${message}` },
  ]);

/** A date given as `YYYY-MM-DD` or a date-time, as the UTC day it falls on. */
function dayOf(name: string, value: string): number {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) throw badRequest(name, 'must be a date (YYYY-MM-DD) or a date-time');
  return Math.floor(time / DAY_MS) * DAY_MS;
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

interface Range {
  first: number;
  last: number;
}

/** Days a summary read covers when it names no `start_date` (optional there): the 30 days up to `end_date`. */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The UTC days a read covers: `start_date` to `end_date` (default: the sandbox's today). `start_date` is
 * read as the spec has it: required on the timeseries read (the validator refuses it missing), optional
 * on summaries, where its absence means the DEFAULT_RANGE_DAYS before `end_date`.
 */
function rangeOf(context: OperationContext): Range {
  const { start_date: start, end_date: end } = context.query;
  const today = Math.floor(new Date(context.world.now).getTime() / DAY_MS) * DAY_MS;
  const first = start === undefined ? undefined : dayOf('start_date', start);
  const last = end ? dayOf('end_date', end) : Math.max(today, first ?? today);
  if (first === undefined) return { first: last - (DEFAULT_RANGE_DAYS - 1) * DAY_MS, last };
  if (last < first) throw badRequest('end_date', 'must not be before start_date');
  if ((last - first) / DAY_MS >= MAX_RANGE_DAYS)
    throw badRequest('end_date', `must be within ${MAX_RANGE_DAYS} days of start_date`);
  return { first, last };
}

/** The first day with data: the world's history window (a world from an older snapshot has no bound). */
function historyStartOf(context: OperationContext): number {
  const from = Date.parse(context.world.historyFrom ?? '');
  return Number.isNaN(from) ? Number.NEGATIVE_INFINITY : from;
}

/** The user's connected providers, narrowed by the `provider` query when given. */
function sourcesOf(context: OperationContext) {
  const user = userById(context.world, context.path.user_id);
  const filter = context.query.provider;
  const slugs = user.connected_sources.map((c) => c.source.slug).filter((slug) => !filter || slug === filter);
  return {
    user,
    sources: slugs.map((slug) => ({ provider: slug, type: PROVIDERS[slug]?.type ?? 'unknown' })),
  };
}

interface StepPoint {
  start: string;
  end: string;
  unit: string;
  value: number;
}

/** Days already over in sandbox time never change, so their points are generated once (bounded). */
const pastDays = new Map<string, StepPoint[]>();
const PAST_DAYS_KEPT = 4_096;

/**
 * Hourly step counts of one UTC day, the same for a seed, user, provider and hour; none after sandbox
 * now. A worn device writes its times at the user's home offset (so a page holds points near local
 * midnight, some on the local day before), and is active in the user's local daytime.
 */
function stepsOfDay(seed: string, userId: string, provider: string, day: number, now: number) {
  const over = day + DAY_MS <= now;
  const key = `${seed}:${userId}:${provider}:${day}`;
  const kept = over ? pastDays.get(key) : undefined;
  if (kept) return kept;
  const zone = homeZoneOf(seed, userId);
  const offset = writtenOffsetOf(zone, PROVIDERS[provider]?.type ?? 'unknown');
  const points: StepPoint[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const start = day + hour * 3_600_000;
    if (start + 3_600_000 > now) break;
    const random = randomFor(`${seed}:steps:${userId}:${provider}:${start}`);
    const localHour = new Date(start + zone.offsetMinutes * 60_000).getUTCHours();
    const awake = localHour >= 7 && localHour <= 22;
    points.push({
      start: isoAt(start, offset),
      end: isoAt(start + 3_599_000, offset),
      unit: 'count',
      value: awake ? Math.floor(150 + random() * 1400) : Math.floor(random() * 40),
    });
  }
  if (over) {
    if (pastDays.size >= PAST_DAYS_KEPT) pastDays.delete(pastDays.keys().next().value as string);
    pastDays.set(key, points);
  }
  return points;
}

interface StepsCursor {
  day: number;
  first: number;
  last: number;
}

const encodeCursor = (cursor: StepsCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, range: Range): StepsCursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as StepsCursor;
    if (
      [cursor.day, cursor.first, cursor.last].every(Number.isInteger) &&
      cursor.first === range.first &&
      cursor.last === range.last &&
      cursor.day > cursor.first &&
      cursor.day <= cursor.last
    )
      return cursor;
  } catch {
    // Falls through to the refusal below: a cursor is only ever one this sandbox issued for this range.
  }
  throw badRequest('next_cursor', 'is not a cursor issued for this date range');
}

/** One day per page: `next_cursor` names the next day and is null on the last one. */
export const getStepsGrouped: OperationHandler = (context) => {
  const range = rangeOf(context);
  const { user, sources } = sourcesOf(context);
  const cursorText = context.query.next_cursor ?? context.query.cursor;
  const day = cursorText ? decodeCursor(cursorText, range).day : range.first;
  const now = new Date(context.world.now).getTime();
  const inHistory = day >= historyStartOf(context);
  // Keyed by provider slug, which a caller may have chosen (`__proto__` is a slug like any other).
  const groups: Record<string, unknown[]> = Object.create(null);
  for (const source of sources) {
    const data = inHistory ? stepsOfDay(context.world.seed, user.user_id, source.provider, day, now) : [];
    groups[source.provider] = [{ data, source }];
  }
  const nextCursor =
    day < range.last ? encodeCursor({ day: day + DAY_MS, first: range.first, last: range.last }) : null;
  return { status: 200, body: { groups, next_cursor: nextCursor } };
};

type SummaryKind = 'activity' | 'body' | 'meal' | 'profile' | 'sleep' | 'workouts';

/**
 * The fields of one day's summary of a kind, drawn from `random`; `day` is midnight UTC of the calendar
 * date, `offset` the minutes the provider writes its times at (null: UTC) and `home` the user's offset.
 */
const SUMMARY_FIELDS: Record<
  SummaryKind,
  (random: () => number, day: number, offset: number | null, home: number) => Record<string, unknown>
> = {
  activity: (r) => ({
    steps: Math.floor(4000 + r() * 9000),
    calories_active: Math.floor(200 + r() * 600),
    low: 3600,
  }),
  body: (r) => ({
    weight: Math.round((60 + r() * 30) * 10) / 10,
    fat: Math.round((15 + r() * 15) * 10) / 10,
  }),
  meal: (r) => ({ name: 'Dinner', energy: { unit: 'kcal', value: Math.floor(400 + r() * 600) } }),
  profile: () => ({ height: 175, gender: 'unknown' }),
  sleep: (r, day, offset, home) => {
    const duration = Math.floor(21_600 + r() * 7_200);
    const efficiency = Math.round((0.8 + r() * 0.15) * 100) / 100;
    // In bed between 21:30 and 23:30 local time, asleep `duration` seconds and awake 10 to 40 minutes of
    // the night: two devices of one user record the same night a little differently, so they overlap.
    const start = day + (21.5 * 60 + Math.floor(r() * 120) - home) * 60_000;
    const end = start + duration * 1000 + Math.floor(600 + r() * 1800) * 1000;
    return { bedtime_start: isoAt(start, offset), bedtime_end: isoAt(end, offset), duration, efficiency };
  },
  workouts: (r) => ({
    sport: { name: 'Running', slug: 'running' },
    distance: Math.floor(3000 + r() * 7000),
    calories: Math.floor(200 + r() * 400),
  }),
};

/** One record per day and connected provider, up to the sandbox's today. */
export const summaryHandler =
  (kind: SummaryKind): OperationHandler =>
  (context) => {
    const range = rangeOf(context);
    const { user, sources } = sourcesOf(context);
    const now = new Date(context.world.now).getTime();
    const records = [];
    const first = Math.max(range.first, historyStartOf(context));
    const zone = homeZoneOf(context.world.seed, user.user_id);
    for (let day = first; day <= range.last && day + DAY_MS <= now; day += DAY_MS) {
      for (const source of sources) {
        const random = randomFor(`${context.world.seed}:${kind}:${user.user_id}:${source.provider}:${day}`);
        const offset = writtenOffsetOf(zone, source.type);
        records.push({
          user_id: user.user_id,
          calendar_date: isoDay(day),
          ...SUMMARY_FIELDS[kind](random, day, offset, zone.offsetMinutes),
          source,
        });
      }
    }
    return { status: 200, body: { [kind]: records } };
  };
