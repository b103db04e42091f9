import { parseIsoTime } from '../../internal/parse-iso-time.js';
import { conflict, invalid } from '../state/refusal.js';
import type { SandboxAppointment, WorldState } from '../state/world-state.js';

const DAY_MS = 86_400_000;
/** The hours (UTC) of each day's slots, by kind of appointment. */
const SLOT_HOURS: Record<SandboxAppointment['kind'], ReadonlyArray<readonly [number, number]>> = {
  phlebotomy: [
    [8, 10],
    [10, 12],
    [14, 16],
  ],
  patient_service_center: [
    [9, 9.25],
    [11, 11.25],
    [15, 15.25],
  ],
};

/** Where every service center appointment takes place. */
export const PSC_LOCATION = {
  first_line: '500 Center Ave',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62702',
};

/** A bookable slot as availability answers it. */
export interface Slot {
  date: string;
  start: string;
  end: string;
  booking_key: string;
}

const bookingKey = (start: string, seconds: number) =>
  `bk_${Buffer.from(`${start}|${seconds}`).toString('base64url')}`;

/**
 * The slots of `days` days from the UTC day of `from` (a time value; default the sandbox's now),
 * skipping those already begun.
 */
export function availableSlots(
  world: WorldState,
  kind: SandboxAppointment['kind'],
  from: number | undefined,
  days: number,
): Slot[] {
  const now = new Date(world.now).getTime();
  const day0 = Math.floor((from ?? now) / DAY_MS) * DAY_MS;
  const slots = [];
  for (let d = 0; d < days; d++) {
    const day = day0 + d * DAY_MS;
    for (const [start, end] of SLOT_HOURS[kind]) {
      const begin = day + start * 3_600_000;
      if (begin <= now) continue;
      const startAt = new Date(begin).toISOString();
      slots.push({
        date: startAt.slice(0, 10),
        start: startAt,
        end: new Date(day + end * 3_600_000).toISOString(),
        booking_key: bookingKey(startAt, (end - start) * 3600),
      });
    }
  }
  return slots;
}

/**
 * The slot a booking names with a `booking_key` availability gave, else the first slot a day ahead
 * in the availability window (`days()` long); refused when the key is not one of ours (422), its
 * slot has begun or no slot is free (409).
 */
export function slotToBook(
  world: WorldState,
  kind: SandboxAppointment['kind'],
  key: string | undefined,
  days: () => number,
): { start: string; end: string } {
  if (key !== undefined) {
    const [start, seconds] = Buffer.from(key.replace(/^bk_/, ''), 'base64url').toString('utf8').split('|');
    const begin = parseIsoTime(start ?? '');
    if (!key.startsWith('bk_') || begin === undefined || !Number(seconds))
      throw invalid('invalid_request', 'booking_key is not one this sandbox gave in availability');
    if (begin <= new Date(world.now).getTime())
      throw conflict('slot_unavailable', 'This slot has already begun; pick another from availability.');
    return {
      start: new Date(begin).toISOString(),
      end: new Date(begin + Number(seconds) * 1000).toISOString(),
    };
  }
  const tomorrow = new Date(world.now).getTime() + DAY_MS;
  const slot = availableSlots(world, kind, undefined, days()).find((s) => Date.parse(s.start) >= tomorrow);
  if (!slot) throw conflict('slot_unavailable', 'No slot is available.');
  return slot;
}
