import { DAY_MS, dayNumber, isoDay } from '../../days.js';
import { type ResourceName, WINDOW_DAYS } from '../../resources.js';
import type { SyncWindow } from '../../stores/store.js';

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
