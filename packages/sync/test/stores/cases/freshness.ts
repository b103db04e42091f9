// Issue 44: what readFleetStatus and the failure commands read and change: each user's coverage per
// resource and provider, the failures an operator clears, and how long pending work has waited.
import { expect, it } from 'vitest';
import {
  checkFleet,
  clearFailures,
  type FailedWindow,
  readFleetStatus,
  replanFailures,
  type SyncStore,
  type SyncWindow,
} from '../../../src/index.js';
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

const WEEKS = [
  ['2025-12-01', '2025-12-07'],
  ['2025-12-08', '2025-12-14'],
  ['2025-12-15', '2025-12-21'],
  ['2025-12-22', '2025-12-28'],
] as const;
const RUN_END = '2025-12-29T08:00:00.000Z';
const NOW = new Date('2025-12-29T09:00:00.000Z');

/**
 * 40 users with steps, at once: 1 fresh (every week stored), 35 stale (the last week never read), one
 * owing a week in the middle (pending), one whose last week failed, two stored a week only; and a user
 * whose resolution failed.
 */
async function buildFleet(store: SyncStore): Promise<void> {
  const users: [string, ('done' | 'pending' | 'failed' | 'none')[]][] = [
    ['fresh-00', ['done', 'done', 'done', 'done']],
    ...Array.from({ length: 35 }, (_, n): [string, ('done' | 'none')[]] => [
      `stale-${String(n + 1).padStart(2, '0')}`,
      ['done', 'done', 'done', 'none'],
    ]),
    ['hole-36', ['done', 'pending', 'done', 'done']],
    ['failed-37', ['done', 'done', 'done', 'failed']],
    ['old-38', ['done', 'none', 'none', 'none']],
    ['old-39', ['done', 'none', 'none', 'none']],
  ];
  for (const [clientUserId, weeks] of users) {
    const userId = `id-${clientUserId}`;
    await store.saveUser({ clientUserId, userId, providers: ['oura'], error: null });
    const windows = WEEKS.map(([start, end]) => window({ userId, start, end, asOf: RUN_END }));
    const owed = windows.filter((_, index) => weeks[index] !== 'none');
    const planned = await store.planWindows(owed);
    for (const [index, state] of weeks.entries()) {
      const planning = planned.find((w) => w.start === WEEKS[index]?.[0]);
      // A done week holds a point in its last hour.
      const last = WEEKS[index]?.[1];
      const point = {
        userId,
        provider: 'oura',
        start: `${last}T23:00:00.000Z`,
        end: `${last}T23:59:59.000Z`,
        unit: 'count',
        value: 1,
      };
      if (state === 'done')
        await store.commitWindow(planning as SyncWindow, { steps: [point], summaries: [] }, RUN_END);
      if (state === 'failed') await store.failWindow(planning as SyncWindow, failure);
    }
  }
  await store.saveUser({
    clientUserId: 'ghost',
    userId: null,
    providers: [],
    error: 'NotFoundError (404): gone',
  });
}

export function fleetCases(withStore: WithStore) {
  it(
    'issue 44: one fresh user does not hide 39 behind; the worst are named by client user id, never the fresh one',
    withStore(async ({ store }) => {
      await buildFleet(store);
      // What status used to measure: the newest row of any user, which the one fresh user sets.
      const steps = (await store.resourceStatus()).find((s) => s.resource === 'steps');
      expect(steps?.newestData).toBe('2025-12-28T23:59:59.000Z');
      const fleet = await readFleetStatus(store, { completeTo: '2025-12-28', now: NOW, worst: 3 });
      expect(fleet).toMatchObject({
        target: '2025-12-29T00:00:00.000Z',
        targetDay: '2025-12-28',
        failedUsers: 1,
      });
      const figures = fleet.resources.steps;
      expect(figures).toMatchObject({
        users: 40,
        complete: 1,
        behind: 39,
        behindBy: { upTo1h: 0, upTo1d: 0, upTo7d: 36, upTo30d: 3, over30d: 0 },
        lagMs: 21 * 86_400_000,
        holes: { pendingDays: 7, failedDays: 7, users: 2 },
        pending: 1,
        failed: 1,
      });
      expect(figures?.worst).toEqual([
        {
          clientUserId: 'hole-36',
          userId: 'id-hole-36',
          completeUntil: '2025-12-08T00:00:00.000Z',
          behindMs: 21 * 86_400_000,
        },
        {
          clientUserId: 'old-38',
          userId: 'id-old-38',
          completeUntil: '2025-12-08T00:00:00.000Z',
          behindMs: 21 * 86_400_000,
        },
        {
          clientUserId: 'old-39',
          userId: 'id-old-39',
          completeUntil: '2025-12-08T00:00:00.000Z',
          behindMs: 21 * 86_400_000,
        },
      ]);
      expect(figures?.oldestPending).toMatchObject({ clientUserId: 'hole-36', start: '2025-12-08' });
      expect(fleet.users).toMatchObject({ total: 40, complete: 1, behind: 39 });
      expect(fleet.resources.sleep).toMatchObject({ users: 0, lagMs: null });
      // A week earlier, every user but the two stored a week only is complete.
      const earlier = await readFleetStatus(store, { completeTo: '2025-12-21', now: NOW });
      expect(earlier.resources.steps).toMatchObject({ complete: 37, behind: 3 });
    }),
  );

  it(
    'issue 44: checkFleet fires on failures until they are cleared, and on users behind past a limit',
    withStore(async ({ store }) => {
      await buildFleet(store);
      const read = () => readFleetStatus(store, { completeTo: '2025-12-28', now: NOW });
      expect((await checkFleet(await read())).map((p) => p.kind)).toEqual(['failed_users', 'failed_windows']);
      const behind = checkFleet(await read(), { maxBehindMs: 8 * 86_400_000 });
      expect(behind.find((p) => p.kind === 'users_behind')?.message).toContain('hole-36');
      expect(checkFleet(await read(), { maxPendingAgeMs: 0 }).map((p) => p.kind)).not.toContain(
        'pending_too_old',
      );

      const replanned = await replanFailures(store, { users: ['failed-37'] });
      expect(replanned.windows.map((w) => `${w.clientUserId} ${w.start}`)).toEqual(['failed-37 2025-12-22']);
      expect((await read()).resources.steps).toMatchObject({
        failed: 0,
        pending: 2,
        holes: { pendingDays: 14 },
      });
      // Read again and refused again: failed once more, then dealt with by the operator.
      await store.failWindow(replanned.windows[0] as FailedWindow, failure);

      const cleared = await clearFailures(store, { users: ['failed-37', 'ghost'] });
      expect(cleared.users.map((u) => u.clientUserId)).toEqual(['ghost']);
      expect(cleared.windows.map((w) => `${w.clientUserId} ${w.start}`)).toEqual(['failed-37 2025-12-22']);
      expect(checkFleet(await read())).toEqual([]);
      // The cleared week counts as stored: failed-37 is complete.
      expect((await read()).resources.steps).toMatchObject({ complete: 2, behind: 38, failed: 0 });
    }),
  );
}
