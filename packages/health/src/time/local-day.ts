import { ValidationError } from '@svc/client';
import type { Schema } from '@svc/types';
import { dateAtOffset, parseDateTime } from '../internal/date-time.js';
import { checkTimeZone, zoneOffsetMinutes } from '../internal/time-zone.js';

/**
 * Which clock gave a local day: the offset the record carries, else the user's time zone, else UTC.
 * `Z` is an instant written in UTC, not a local offset, so a `Z` time goes to the user's zone.
 */
export type DayBasis = 'record-offset' | 'user-time-zone' | 'utc';

export interface LocalDay {
  /** The local calendar date, `YYYY-MM-DD`. */
  date: string;
  basis: DayBasis;
  /** Minutes east of UTC used for `date`. */
  offsetMinutes: number;
  /** The zone used, when `basis` is `user-time-zone`. */
  timeZone?: string;
}

export interface LocalDayOptions {
  /** The user's IANA time zone (`userTimeZone(user)`), used when the record carries no offset. */
  timeZone?: string | null;
  /** An offset the record carries beside its times, in seconds east of UTC (a summary's `timezone_offset`). */
  recordOffsetSeconds?: number | null;
}

/**
 * The local calendar date of a date-time: by the offset the text writes (`+02:00`), else the record's
 * own offset field, else the user's zone, else UTC, and which of them was used. A text without `Z` or
 * an offset is a ValidationError: its instant is unknown.
 */
export function localDayOf(dateTime: string, options: LocalDayOptions = {}): LocalDay {
  const { epochMs, writtenOffsetMinutes } = parseDateTime(dateTime, 'dateTime');
  if (writtenOffsetMinutes !== null)
    return {
      date: dateAtOffset(epochMs, writtenOffsetMinutes),
      basis: 'record-offset',
      offsetMinutes: writtenOffsetMinutes,
    };
  const { recordOffsetSeconds, timeZone } = options;
  if (recordOffsetSeconds !== undefined && recordOffsetSeconds !== null) {
    if (!Number.isInteger(recordOffsetSeconds) || Math.abs(recordOffsetSeconds) > 18 * 3600)
      throw new ValidationError('recordOffsetSeconds', 'must be whole seconds within ±18 hours');
    const offsetMinutes = Math.round(recordOffsetSeconds / 60);
    return { date: dateAtOffset(epochMs, offsetMinutes), basis: 'record-offset', offsetMinutes };
  }
  if (timeZone) {
    const offsetMinutes = zoneOffsetMinutes(timeZone, epochMs);
    return { date: dateAtOffset(epochMs, offsetMinutes), basis: 'user-time-zone', offsetMinutes, timeZone };
  }
  return { date: dateAtOffset(epochMs, 0), basis: 'utc', offsetMinutes: 0 };
}

/**
 * The user's time zone from a user record (`fallback_time_zone.id`, which the service keeps for
 * providers whose data carries none), or null when it has none. Throws ValidationError when the
 * record names a zone this runtime does not know.
 */
export function userTimeZone(user: Pick<Schema<'UserRecord'>, 'fallback_time_zone'>): string | null {
  const id = user.fallback_time_zone?.id;
  if (typeof id !== 'string' || id === '') return null;
  checkTimeZone(id);
  return id;
}

export interface LocalDayBucket<T> {
  date: string;
  items: T[];
  /** How many items of the day each basis placed. */
  basis: Record<DayBasis, number>;
}

export interface BucketOptions<T> extends Omit<LocalDayOptions, 'recordOffsetSeconds'> {
  /** The time that places an item: a point's start (default), a night's end (the day one wakes up). */
  at?: (item: T) => string;
  /** The record's own offset field, when it has one. */
  recordOffsetSeconds?: (item: T) => number | null | undefined;
}

/**
 * Items grouped by local calendar date (see `localDayOf`), oldest day first, items in input order.
 * An item spanning midnight belongs to the day of its `at` time; it is never split.
 */
export function bucketByLocalDay<T extends { start: string }>(
  items: Iterable<T>,
  options: BucketOptions<T> = {},
): LocalDayBucket<T>[] {
  const at = options.at ?? ((item: T) => item.start);
  const days = new Map<string, LocalDayBucket<T>>();
  for (const item of items) {
    const day = localDayOf(at(item), {
      timeZone: options.timeZone,
      recordOffsetSeconds: options.recordOffsetSeconds?.(item),
    });
    let bucket = days.get(day.date);
    if (!bucket) {
      bucket = { date: day.date, items: [], basis: { 'record-offset': 0, 'user-time-zone': 0, utc: 0 } };
      days.set(day.date, bucket);
    }
    bucket.items.push(item);
    bucket.basis[day.basis] += 1;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
