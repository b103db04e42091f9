import { ValidationError } from '@svc/client';
import { describe, expect, test } from 'vitest';
import { bucketByLocalDay, localDayOf, userTimeZone } from '../../src/index.js';

describe('localDayOf', () => {
  test('uses the offset the record writes, and says so', () => {
    expect(localDayOf('2026-01-01T23:30:00-05:00', { timeZone: 'Asia/Tokyo' })).toEqual({
      date: '2026-01-01',
      basis: 'record-offset',
      offsetMinutes: -300,
    });
    expect(localDayOf('2026-01-02T00:15:00+05:45').date).toBe('2026-01-02');
  });

  test('a time in UTC (Z) goes to the user zone, with its daylight saving', () => {
    expect(localDayOf('2026-01-02T04:30:00.000Z', { timeZone: 'America/New_York' })).toEqual({
      date: '2026-01-01',
      basis: 'user-time-zone',
      offsetMinutes: -300,
      timeZone: 'America/New_York',
    });
    expect(localDayOf('2026-07-02T03:30:00Z', { timeZone: 'America/New_York' }).offsetMinutes).toBe(-240);
    expect(localDayOf('2026-07-02T03:30:00Z', { timeZone: 'America/New_York' }).date).toBe('2026-07-01');
  });

  test("a record's own offset field comes before the user's zone", () => {
    const day = localDayOf('2026-01-01T23:30:00Z', {
      recordOffsetSeconds: 3600,
      timeZone: 'America/New_York',
    });
    expect(day).toEqual({ date: '2026-01-02', basis: 'record-offset', offsetMinutes: 60 });
  });

  test('with neither, UTC, and it says so', () => {
    expect(localDayOf('2026-01-01T23:30:00Z')).toEqual({
      date: '2026-01-01',
      basis: 'utc',
      offsetMinutes: 0,
    });
    expect(localDayOf('2026-01-01T23:30:00-00:00').basis).toBe('utc'); // RFC 3339: offset unknown
  });

  test('refuses a time without an offset, an unknown zone and an impossible offset', () => {
    expect(() => localDayOf('2026-01-01T23:30:00')).toThrow(ValidationError);
    expect(() => localDayOf('yesterday')).toThrow(ValidationError);
    expect(() => localDayOf('2026-01-01T23:30:00Z', { timeZone: 'Mars/Olympus' })).toThrow(/IANA time zone/);
    expect(() => localDayOf('2026-01-01T23:30:00Z', { recordOffsetSeconds: 20 * 3600 })).toThrow(
      ValidationError,
    );
  });
});

describe('userTimeZone', () => {
  test("reads the user record's fallback zone", () => {
    expect(userTimeZone({ fallback_time_zone: { id: 'Europe/Berlin' } })).toBe('Europe/Berlin');
    expect(userTimeZone({ fallback_time_zone: {} })).toBeNull();
    expect(() => userTimeZone({ fallback_time_zone: { id: 'Nowhere/Else' } })).toThrow(ValidationError);
  });
});

describe('bucketByLocalDay', () => {
  const points = [
    { start: '2026-01-01T22:00:00Z', value: 1 },
    { start: '2026-01-02T04:30:00Z', value: 2 },
    { start: '2026-01-02T06:00:00+01:00', value: 4 },
    { start: '2026-01-02T15:00:00Z', value: 8 },
  ];

  test('groups by local date, oldest first, counting which basis placed each item', () => {
    const days = bucketByLocalDay(points, { timeZone: 'America/New_York' });
    expect(days.map((day) => [day.date, day.items.map((item) => item.value)])).toEqual([
      ['2026-01-01', [1, 2]],
      ['2026-01-02', [4, 8]],
    ]);
    expect(days[1]?.basis).toEqual({ 'record-offset': 1, 'user-time-zone': 1, utc: 0 });
  });

  test('places a night by its end when asked (the day one wakes up)', () => {
    const nights = [{ start: '2026-01-01T23:00:00+01:00', end: '2026-01-02T07:00:00+01:00' }];
    expect(bucketByLocalDay(nights, { at: (night) => night.end })[0]?.date).toBe('2026-01-02');
    expect(bucketByLocalDay(nights)[0]?.date).toBe('2026-01-01');
  });
});
