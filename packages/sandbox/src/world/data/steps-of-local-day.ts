// The steps a provider reports for one of a user's local calendar days: the sum of the hourly points it
// serves (steps-of-day.ts) that start on that day at the user's home offset, so that a day's activity
// summary and its steps timeseries agree.
import { homeZoneOf } from './home-zone.js';
import { stepsOfDay } from './steps-of-day.js';

const DAY_MS = 86_400_000;

export interface UserLocalDay {
  seed: string;
  userId: string;
  provider: string;
  /** Midnight UTC (ms) of the calendar date. */
  date: number;
  /** Sandbox now (ms): a point not over by then is not there yet. */
  now: number;
  /** Midnight UTC (ms) of the first day the timeseries serves: a day before it has no points. */
  since: number;
}

/**
 * The day's total: the local day spans two UTC days (pages of the timeseries), and a point counts on the
 * local date its start falls on, the way a partner totals the points of the day.
 */
export function stepsOfLocalDay({ seed, userId, provider, date, now, since }: UserLocalDay): number {
  const from = date - homeZoneOf(seed, userId).offsetMinutes * 60_000;
  const to = from + DAY_MS;
  let total = 0;
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    if (day < since) continue;
    for (const point of stepsOfDay(seed, userId, provider, day, now)) {
      const start = Date.parse(point.start);
      if (start >= from && start < to) total += point.value;
    }
  }
  return total;
}
