// A user's daily summaries as their providers report them: one record per day and provider, drawn from
// the seed, so the same for a seed, kind, user, provider and day.
import { randomFor } from '../../internal/random.js';
import { homeZoneOf, isoAt, writtenOffsetOf } from './home-zone.js';

const DAY_MS = 86_400_000;

export type SummaryKind = 'activity' | 'body' | 'meal' | 'profile' | 'sleep' | 'workouts';

/** A connected provider as a record names its source. */
export interface ProviderSource {
  provider: string;
  type: string;
}

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

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface SummaryDays {
  seed: string;
  userId: string;
  sources: readonly ProviderSource[];
  /** Midnight UTC (ms) of the first and last day asked for. */
  first: number;
  last: number;
  /** Sandbox now (ms): a day not over yet has no summary. */
  now: number;
}

/** One record per day (first to last, each over by `now`) and provider, days first. */
export function summariesOf(kind: SummaryKind, { seed, userId, sources, first, last, now }: SummaryDays) {
  const records = [];
  const zone = homeZoneOf(seed, userId);
  for (let day = first; day <= last && day + DAY_MS <= now; day += DAY_MS) {
    for (const source of sources) {
      const random = randomFor(`${seed}:${kind}:${userId}:${source.provider}:${day}`);
      const offset = writtenOffsetOf(zone, source.type);
      records.push({
        user_id: userId,
        calendar_date: isoDay(day),
        ...SUMMARY_FIELDS[kind](random, day, offset, zone.offsetMinutes),
        source,
      });
    }
  }
  return records;
}
