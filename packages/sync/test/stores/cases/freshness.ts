// Issue 44: what readFleetStatus and the failure commands read and change: each user's coverage per
// resource and provider, the failures an operator clears, and how long pending work has waited.
import { expect, it } from 'vitest';
import type { SyncWindow } from '../../../src/index.js';
import type { WithStore } from '../conformance.js';
import { stepRows, window } from '../rows.js';

const failure = { error: 'NotFoundError', status: 404, message: 'no such data' };

export function freshnessCases(withStore: WithStore) {
  it(
    'tells each user’s coverage per resource and provider, named by client user id, a page at a time',
    withStore(async ({ store }) => {
      await store.saveUser({ clientUserId: 'ann', userId: 'u-1', providers: ['oura'], error: null });
      const done = window({ start: '2025-12-01', end: '2025-12-07' });
      const pending = window({ start: '2025-12-08', end: '2025-12-14' });
      const failed = window({ start: '2025-12-15', end: '2025-12-16' });
      const other = window({ userId: 'u-2', resource: 'sleep', end: '2025-12-01' });
      const planned = await store.planWindows([done, pending, failed, other]);
      await store.commitWindow(planned[0] as SyncWindow, stepRows(1), '2026-01-05T10:00:00.000Z');
      await store.failWindow(failed, failure);
      const first = await store.userCoverage(1);
      expect(first).toEqual([
        {
          userId: 'u-1',
          clientUserId: 'ann',
          resource: 'steps',
          provider: 'oura',
          coveredUntil: '2025-12-08T00:00:00.000Z',
          firstOwedDay: '2025-12-08',
          pendingDays: 7,
          failedDays: 2,
        },
      ]);
      expect(await store.userCoverage(5, first[0])).toEqual([
        {
          userId: 'u-2',
          clientUserId: null,
          resource: 'sleep',
          provider: 'oura',
          coveredUntil: null,
          firstOwedDay: '2025-12-01',
          pendingDays: 1,
          failedDays: 0,
        },
      ]);
    }),
  );

  it(
    'clears failed windows as done with nothing stored, and only failed ones',
    withStore(async ({ store }) => {
      await store.saveUser({ clientUserId: 'ann', userId: 'u-1', providers: ['oura'], error: null });
      const failed = window({ start: '2025-12-01', end: '2025-12-07' });
      const pending = window({ start: '2025-12-08', end: '2025-12-14' });
      await store.planWindows([failed, pending]);
      await store.failWindow(failed, failure);
      expect(await store.failedWindows(5)).toMatchObject([{ clientUserId: 'ann', failure }]);
      expect(await store.clearFailedWindows([failed, pending])).toBe(1);
      expect(await store.failedWindows(5)).toEqual([]);
      const [coverage] = await store.userCoverage(5);
      expect(coverage).toMatchObject({
        coveredUntil: '2025-12-08T00:00:00.000Z',
        failedDays: 0,
        pendingDays: 7,
      });
      expect(await store.status()).toMatchObject({ pending: 1, failed: 0, rows: { steps: 0 } });
      expect(await store.clearFailedWindows([failed])).toBe(0);
    }),
  );

  it(
    'forgets failed users it is asked to clear, and no other user',
    withStore(async ({ store }) => {
      await store.saveUser({
        clientUserId: 'ann',
        userId: null,
        providers: [],
        error: 'NotFoundError (404): gone',
      });
      await store.saveUser({
        clientUserId: 'bob',
        userId: null,
        providers: [],
        error: 'NotFoundError (404): gone',
      });
      await store.saveUser({ clientUserId: 'cat', userId: 'u-3', providers: ['oura'], error: null });
      expect(await store.clearFailedUsers(['ann', 'cat', 'nobody'])).toBe(1);
      expect((await store.failedUsers(5)).map((user) => user.clientUserId)).toEqual(['bob']);
      expect(await store.findUser('ann')).toBeUndefined();
      expect(await store.findUser('cat')).toMatchObject({ userId: 'u-3' });
    }),
  );

  it(
    'names the oldest pending window by client user id, and keeps when pending work was first owed',
    withStore(async ({ store }) => {
      await store.saveUser({ clientUserId: 'ann', userId: 'u-1', providers: ['oura'], error: null });
      await store.planWindows([window()]);
      const steps = async () => (await store.resourceStatus()).find((s) => s.resource === 'steps');
      const before = await steps();
      expect(before?.oldestPending).toMatchObject({
        clientUserId: 'ann',
        userId: 'u-1',
        start: '2025-12-01',
      });
      expect(before?.pendingSince).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await store.planWindows([{ ...window(), asOf: '2026-01-06T09:00:00.000Z' }]);
      expect((await steps())?.pendingSince).toBe(before?.pendingSince);
      expect((await store.resourceStatus()).find((s) => s.resource === 'sleep')?.pendingSince).toBeNull();
    }),
  );
}
