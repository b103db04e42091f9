import { type ResourceName, WINDOW_DAYS } from '../../resources.js';
import type { SyncWindow } from '../../stores/store.js';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The windows of one user's resource from one provider over `from`..`to` (inclusive days) that start by
 * the run's end time (`asOf`: a window is read up to it). Window edges sit on multiples of the resource's
 * window size since 1970-01-01, so two runs over the same range plan the same windows, and a later run
 * re-reads only the windows an earlier run's end time cut short.
 */
export function* planWindows(
  userId: string,
  resource: ResourceName,
  provider: string,
  from: string,
  to: string,
  asOf: string,
): Generator<SyncWindow> {
  const size = WINDOW_DAYS[resource];
  const first = dayNumber(from);
  const last = dayNumber(to);
  const lastStart = Math.min(last, Math.floor(Date.parse(asOf) / DAY_MS));
  for (let start = first; start <= lastStart; start = (Math.floor(start / size) + 1) * size) {
    const end = Math.min(last, (Math.floor(start / size) + 1) * size - 1);
    yield { userId, resource, provider, start: isoDay(start), end: isoDay(end), asOf };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date that exists, or undefined. */
export function parseDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DATE.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(time) || isoDay(Math.floor(time / DAY_MS)) !== value ? undefined : value;
}

export const dayOf = (time: number) => isoDay(Math.floor(time / DAY_MS));
