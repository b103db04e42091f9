// A day of a user's step counts as one provider reports them: drawn from the seed, so the same for a
// seed, user, provider and hour, and never after sandbox now.
import { randomFor } from '../../internal/random.js';
import { PROVIDERS } from './catalogue-data.js';
import { homeZoneOf, isoAt, writtenOffsetOf } from './home-zone.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface StepPoint {
  start: string;
  end: string;
  unit: string;
  value: number;
}

/** Days already over in sandbox time never change, so their points are generated once (bounded). */
const pastDays = new Map<string, StepPoint[]>();
const PAST_DAYS_KEPT = 4_096;

/**
 * Hourly step counts of one UTC day (`day`: its midnight, ms), none after `now`. A worn device writes
 * its times at the user's home offset (so a page holds points near local midnight, some on the local
 * day before), and is active in the user's local daytime.
 */
export function stepsOfDay(seed: string, userId: string, provider: string, day: number, now: number) {
  const over = day + DAY_MS <= now;
  const key = `${seed}:${userId}:${provider}:${day}`;
  const kept = over ? pastDays.get(key) : undefined;
  if (kept) return kept;
  const zone = homeZoneOf(seed, userId);
  const offset = writtenOffsetOf(zone, PROVIDERS[provider]?.type ?? 'unknown');
  const points: StepPoint[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const start = day + hour * HOUR_MS;
    if (start + HOUR_MS > now) break;
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
