import { ValidationError } from '@svc/client';
import { describe, expect, test } from 'vitest';
import {
  type DailySummaryRow,
  DEFAULT_PROVIDER_PRIORITY,
  mergeSessions,
  mergeSleep,
  sleepSessionOf,
} from '../../src/index.js';
import { TWO_PROVIDER_SLEEP, USER_ID } from '../fixtures/records.js';

const row = (provider: string, start: string, end: string) => ({ provider, start, end });

describe('mergeSessions', () => {
  test('overlapping sessions of two providers are one entry, from the provider first in priority', () => {
    const [entry, ...rest] = mergeSessions([
      row('whoop', '2026-01-01T22:00:00Z', '2026-01-02T06:00:00Z'),
      row('oura', '2026-01-01T22:10:00Z', '2026-01-02T06:05:00Z'),
    ]);
    expect(rest).toEqual([]);
    expect(entry?.provider).toBe('oura');
    expect(entry?.providers).toEqual(['oura', 'whoop']);
    expect(entry?.sources).toHaveLength(2);
    expect([entry?.start, entry?.end]).toEqual(['2026-01-01T22:10:00Z', '2026-01-02T06:05:00Z']);
  });

  test('the priority is yours to give; providers not in it come after, alphabetically', () => {
    const rows = [
      row('zeta', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z'),
      row('alpha', '2026-01-01T10:30:00Z', '2026-01-01T11:30:00Z'),
    ];
    expect(mergeSessions(rows)[0]?.provider).toBe('alpha');
    expect(mergeSessions(rows, { priority: ['zeta'] })[0]?.provider).toBe('zeta');
    expect(DEFAULT_PROVIDER_PRIORITY.indexOf('oura')).toBeLessThan(
      DEFAULT_PROVIDER_PRIORITY.indexOf('whoop'),
    );
  });

  test('a gap splits entries unless it is within maxGapSeconds; duration counts covered time once', () => {
    const rows = [
      row('oura', '2026-01-01T23:00:00Z', '2026-01-02T02:00:00Z'),
      row('oura', '2026-01-02T01:00:00Z', '2026-01-02T03:00:00Z'), // overlaps the first by an hour
      row('oura', '2026-01-02T03:20:00Z', '2026-01-02T07:00:00Z'), // 20 minutes awake before it
    ];
    expect(mergeSessions(rows)).toHaveLength(2);
    const [night] = mergeSleep(rows);
    expect(night?.chosen).toHaveLength(3);
    expect(night?.durationSeconds).toBe((4 * 60 + 3 * 60 + 40) * 60);
    expect(night?.end).toBe('2026-01-02T07:00:00Z');
  });

  test('entries come in time order, each input row in exactly one', () => {
    const entries = mergeSleep(
      TWO_PROVIDER_SLEEP.map((r) => sleepSessionOf(r)).filter((s) => s !== undefined),
    );
    expect(entries.map((entry) => entry.start)).toEqual([...entries.map((entry) => entry.start)].sort());
    expect(entries.reduce((sum, entry) => sum + entry.sources.length, 0)).toBe(TWO_PROVIDER_SLEEP.length);
  });

  test('refuses a row that ends before it starts, or has no provider', () => {
    expect(() => mergeSessions([row('oura', '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')])).toThrow(
      ValidationError,
    );
    expect(() => mergeSessions([row('', '2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z')])).toThrow(
      /provider/,
    );
  });
});

describe('sleepSessionOf', () => {
  const sleep = (data: Record<string, unknown>): DailySummaryRow => ({
    resource: 'sleep',
    userId: USER_ID,
    provider: 'oura',
    calendarDate: '2026-01-01',
    data,
  });

  test('a record with a start and a duration ends duration seconds later, at the same offset', () => {
    expect(
      sleepSessionOf(sleep({ bedtime_start: '2026-01-01T22:30:00+01:00', duration: 25_150 })),
    ).toMatchObject({
      start: '2026-01-01T22:30:00+01:00',
      end: '2026-01-02T05:29:10+01:00',
    });
    expect(sleepSessionOf(sleep({ bedtime_start: '2026-01-01T22:30:00.000Z', duration: 60 }))?.end).toBe(
      '2026-01-01T22:31:00.000Z',
    );
  });

  test('a record without a readable night is not a session', () => {
    expect(sleepSessionOf(sleep({ duration: 25_150 }))).toBeUndefined();
    expect(sleepSessionOf(sleep({ bedtime_start: 'last night', duration: 1 }))).toBeUndefined();
    expect(sleepSessionOf(sleep({ bedtime_start: '2026-01-01T22:30:00Z' }))).toBeUndefined();
  });
});
