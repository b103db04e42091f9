// The window and rows the store cases commit.
import type { SyncStore, SyncWindow, WindowRows } from '../../src/index.js';

/** A steps window of user u-1 (7 days), with `overrides`. */
export const window = (overrides: Partial<SyncWindow> = {}): SyncWindow => ({
  userId: 'u-1',
  resource: 'steps',
  provider: 'oura',
  start: '2025-12-01',
  end: '2025-12-07',
  asOf: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

/** Three hourly steps rows worth `value` each and a sleep summary, all of u-1. */
export const stepRows = (value: number, count = 3): WindowRows => ({
  steps: Array.from({ length: count }, (_, hour) => ({
    userId: 'u-1',
    provider: 'oura',
    start: new Date(Date.UTC(2025, 11, 1, hour)).toISOString(),
    end: new Date(Date.UTC(2025, 11, 1, hour, 59, 59)).toISOString(),
    unit: 'count',
    value,
  })),
  summaries: [
    {
      resource: 'sleep',
      userId: 'u-1',
      provider: 'oura',
      calendarDate: '2025-12-01',
      data: { duration: value },
    },
  ],
});

/** Plans `window()` and commits it once per read, in order: the read's steps value and when it was fetched. */
export async function commitReads(store: SyncStore, ...reads: [value: number, fetchedAt: string][]) {
  const [planned] = await store.planWindows([window()]);
  for (const [value, fetchedAt] of reads)
    await store.commitWindow(planned as SyncWindow, stepRows(value), fetchedAt);
}
