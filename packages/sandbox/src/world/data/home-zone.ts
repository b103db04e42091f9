import { randomFor } from '../../internal/random.js';

/**
 * Zones without daylight saving, so one offset holds all year: a user's home is one of them, drawn
 * from the seed, and the user record's `fallback_time_zone` names it.
 */
const HOME_ZONES: ReadonlyArray<readonly [string, number]> = [
  ['America/Bogota', -300],
  ['Asia/Kolkata', 330],
  ['Africa/Lagos', 60],
  ['Asia/Tokyo', 540],
  ['America/Phoenix', -420],
];

export interface HomeZone {
  id: string;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

/** The home zone of a user: the same for a seed and a user id. */
export function homeZoneOf(seed: string, userId: string): HomeZone {
  const random = randomFor(`${seed}:home-zone:${userId}`);
  const [id, offsetMinutes] = HOME_ZONES[Math.floor(random() * HOME_ZONES.length)] as readonly [
    string,
    number,
  ];
  return { id, offsetMinutes };
}

/** Source types whose devices write local times with their offset; the others write UTC (`Z`). */
const LOCAL_TIME_SOURCES = new Set(['ring', 'wrist_worn']);

/** The offset a provider's data is written at: the user's home offset for a worn device, else none (UTC). */
export const writtenOffsetOf = (zone: HomeZone, sourceType: string): number | null =>
  LOCAL_TIME_SOURCES.has(sourceType) ? zone.offsetMinutes : null;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as ISO 8601 text: at `offsetMinutes` (`2026-01-01T23:30:00.000+05:30`), or in UTC when null. */
export function isoAt(ms: number, offsetMinutes: number | null): string {
  if (offsetMinutes === null) return new Date(ms).toISOString();
  const wall = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const abs = Math.abs(offsetMinutes);
  return `${wall}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
