// A user's daily summaries as their providers report them: one record per day and provider, drawn from
// the seed, so the same for a seed, kind, user, provider and day; an activity's steps are the total of
// the provider's steps points of that local day, so the summary and the timeseries agree.
import { randomFor } from '../../internal/random.js';
import { homeZoneOf, isoAt, writtenOffsetOf } from './home-zone.js';
import { stepsOfLocalDay } from './steps-of-local-day.js';

const DAY_MS = 86_400_000;

export type SummaryKind = 'activity' | 'body' | 'meal' | 'profile' | 'sleep' | 'workouts';

/** A connected provider as a record names its source. */
export interface ProviderSource {
  provider: string;
  type: string;
}

/** The day a summary is for, as its fields are drawn. */
interface SummaryDay {
  /** Midnight UTC (ms) of the calendar date. */
  day: number;
  /** The minutes the provider writes its times at (null: UTC). */
  offset: number | null;
  /** The user's home offset (minutes east of UTC): the calendar date is a local day there. */
  home: number;
  /** The steps the provider's timeseries holds for that local day (steps-of-local-day.ts). */
  steps: () => number;
}

type DrawFields = (random: () => number, at: SummaryDay) => Record<string, unknown>;

/** The fields of one day's summary of a kind, drawn from `random`. */
const SUMMARY_FIELDS: Record<SummaryKind, DrawFields> = {
  activity: (r, { steps }) => {
    r(); // the draw steps once took, so calories_active stays what a seed gave before
    return { steps: steps(), calories_active: Math.floor(200 + r() * 600), low: 3600 };
  },
  body: (r) => ({
    weight: Math.round((60 + r() * 30) * 10) / 10,
    fat: Math.round((15 + r() * 15) * 10) / 10,
  }),
  meal: (r) => ({ name: 'Dinner', energy: { unit: 'kcal', value: Math.floor(400 + r() * 600) } }),
  profile: () => ({ height: 175, gender: 'unknown' }),
  sleep: (r, { day, offset, home }) => {
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
  /**
   * Sandbox now (ms): a UTC day not over yet has no summary. West of UTC the local day ends after it, so
   * until then its steps are those of the points already there, as the timeseries serves them.
   */
  now: number;
  /** Midnight UTC (ms) of the world's first day of data: no summary before it, no step point either. */
  since: number;
}

/** One record per day (first to last, each over by `now`) and provider, days first. */
export function summariesOf(kind: SummaryKind, days: SummaryDays) {
  const { seed, userId, sources, first, last, now, since } = days;
  const records = [];
  const zone = homeZoneOf(seed, userId);
  for (let day = Math.max(first, since); day <= last && day + DAY_MS <= now; day += DAY_MS) {
    for (const source of sources) {
      const { provider } = source;
      const random = randomFor(`${seed}:${kind}:${userId}:${provider}:${day}`);
      const steps = () => stepsOfLocalDay({ seed, userId, provider, date: day, now, since });
      const at = { day, offset: writtenOffsetOf(zone, source.type), home: zone.offsetMinutes, steps };
      records.push({
        user_id: userId,
        calendar_date: isoDay(day),
        ...SUMMARY_FIELDS[kind](random, at),
        source,
      });
    }
  }
  return records;
}
