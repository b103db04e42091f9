import { describe, expect, test } from 'vitest';
import { summaryRows } from '../../src/index.js';

describe('summaryRows', () => {
  test('keys each record by its provider and calendar date, and returns the ones it cannot key', () => {
    const good = { calendar_date: '2026-01-01', duration: 1, source: { provider: 'oura', type: 'ring' } };
    const noDate = { duration: 2, source: { provider: 'oura' } };
    const { rows, unkeyed } = summaryRows('sleep', 'user-1', { sleep: [good, noDate, null] });
    expect(rows).toEqual([
      { resource: 'sleep', userId: 'user-1', provider: 'oura', calendarDate: '2026-01-01', data: good },
    ]);
    expect(unkeyed).toEqual([noDate, null]);
    expect(summaryRows('sleep', 'user-1', { activity: [good] })).toEqual({ rows: [], unkeyed: [] });
  });
});
