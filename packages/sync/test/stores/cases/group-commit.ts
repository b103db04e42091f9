// Issue 49: group commit. `commitWindows` commits a batch of windows with their checkpoints in one
// transaction, leaving the store as the same windows committed one after the other would, or, when one
// of them fails, leaving none of them committed.
import { expect, it } from 'vitest';
import type { StepRow, SyncWindow, WindowRows } from '../../../src/index.js';
import type { WithStore } from '../conformance.js';
import { window } from '../rows.js';

const EARLY = '2026-01-05T10:00:00.000Z';
const LATE = '2026-01-05T11:00:00.000Z';

/** Hourly points of 2025-12-01 (hours `from`..`to`) of `userId`, each worth `value` + its hour, and a sleep summary worth `value`. */
const read = (userId: string, from: number, to: number, value: number): WindowRows => ({
  steps: Array.from(
    { length: to - from + 1 },
    (_, n): StepRow => ({
      userId,
      provider: 'oura',
      start: new Date(Date.UTC(2025, 11, 1, from + n)).toISOString(),
      end: new Date(Date.UTC(2025, 11, 1, from + n, 59, 59)).toISOString(),
      unit: 'count',
      value: value + from + n,
    }),
  ),
  summaries: [
    { resource: 'sleep', userId, provider: 'oura', calendarDate: '2025-12-01', data: { duration: value } },
  ],
});

const steps = (rows: Map<string, string>, userId: string) =>
  [...rows]
    .filter(([key]) => key.startsWith(`steps|${userId}|`))
    .map(([key, value]) => `${key.slice(-13, -11)}:${value}`)
    .sort();

export function groupCommitCases(withStore: WithStore) {
  it(
    'commits several windows and their checkpoints in one call, as the same commits one after the other would',
    withStore(async ({ store, rows }) => {
      const week = window();
      const day = window({ start: '2025-12-01', end: '2025-12-01' });
      const other = window({ userId: 'u-2' });
      const replanned = window({ userId: 'u-3' });
      const planned = await store.planWindows([week, day, other, replanned]);
      const [w, d, o, r] = planned as [SyncWindow, SyncWindow, SyncWindow, SyncWindow];
      // u-3's window is planned again while it is read: its commit stores its rows but leaves it owed.
      await store.planWindows([replanned], { force: true });
      await store.commitWindows([
        { window: w, rows: read('u-1', 0, 3, 100), fetchedAt: LATE },
        // An older read of the same day, later in the batch: it only adds the points the day lacks.
        { window: d, rows: read('u-1', 2, 5, 200), fetchedAt: EARLY },
        { window: o, rows: read('u-2', 0, 1, 300), fetchedAt: EARLY },
        { window: r, rows: read('u-3', 0, 0, 400), fetchedAt: EARLY },
      ]);
      const stored = await rows();
      expect(steps(stored, 'u-1')).toEqual(['00:100', '01:101', '02:102', '03:103', '04:204', '05:205']);
      expect(steps(stored, 'u-2')).toEqual(['00:300', '01:301']);
      expect(steps(stored, 'u-3')).toEqual(['00:400']);
      expect(stored.get('sleep|u-1|oura|2025-12-01')).toBe(JSON.stringify({ duration: 100 }));
      expect(await store.status()).toMatchObject({ pending: 1, rows: { steps: 9, sleep: 3 } });
      expect((await store.pendingWindows(10)).map((p) => p.userId)).toEqual(['u-3']);
    }),
  );

  it(
    'commits a batch all or nothing: one failing window leaves none of its windows committed',
    withStore(async ({ store }) => {
      const planned = await store.planWindows([window(), window({ userId: 'u-2' })]);
      const [good, bad] = planned as [SyncWindow, SyncWindow];
      const broken = read('u-2', 0, 1, 1);
      (broken.steps[1] as { unit: unknown }).unit = null;
      await expect(
        store.commitWindows([
          { window: good, rows: read('u-1', 0, 1, 1), fetchedAt: EARLY },
          { window: bad, rows: broken, fetchedAt: EARLY },
        ]),
      ).rejects.toThrow();
      const status = await store.status();
      expect(status.rows.steps ?? 0).toBe(0);
      expect(status.rows.sleep ?? 0).toBe(0);
      expect(status.pending).toBe(2);
    }),
  );

  it(
    "stores nothing of an erased user's window in a batch, and commits the others",
    withStore(async ({ store }) => {
      await store.saveUser({ clientUserId: 'bob', userId: 'u-2', providers: ['oura'], error: null });
      const planned = await store.planWindows([window(), window({ userId: 'u-2' })]);
      const [kept, erased] = planned as [SyncWindow, SyncWindow];
      await store.eraseUser({ clientUserId: 'bob' });
      await store.commitWindows([
        { window: kept, rows: read('u-1', 0, 1, 1), fetchedAt: EARLY },
        { window: erased, rows: read('u-2', 0, 1, 1), fetchedAt: EARLY },
      ]);
      expect(await store.status()).toMatchObject({ pending: 0, rows: { steps: 2, sleep: 1 } });
    }),
  );
}
