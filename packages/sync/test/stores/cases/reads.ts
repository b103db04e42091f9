// Issues 34 and 38: what a store gives back: its rows a page at a time in key order (never all at once),
// what failed and why, and where each resource stands.
import { expect, it } from 'vitest';
import {
  type StepRow,
  type SyncWindow,
  storedSteps,
  storedSummaries,
  teamFingerprint,
} from '../../../src/index.js';
import type { WithStore } from '../conformance.js';
import { window } from '../rows.js';

const step = (userId: string, hour: number, data?: Record<string, unknown>): StepRow => ({
  userId,
  provider: 'oura',
  start: new Date(Date.UTC(2025, 11, 1, hour)).toISOString(),
  end: new Date(Date.UTC(2025, 11, 1, hour, 59, 59)).toISOString(),
  unit: 'count',
  value: hour * 10,
  ...(data ? { data } : {}),
});

export function readCases(withStore: WithStore) {
  it(
    'reads its rows back in key order, a page at a time, as they were stored',
    withStore(async ({ store }) => {
      const [planned] = await store.planWindows([window()]);
      const steps = [
        step('u-2', 3),
        step('u-1', 5, { start: '2025-12-01T06:00:00+01:00', source: { type: 'ring' } }),
        step('u-1', 1),
      ];
      await store.commitWindow(
        planned as SyncWindow,
        {
          steps,
          summaries: ['2025-12-02', '2025-12-01'].map((calendarDate) => ({
            resource: 'sleep' as const,
            userId: 'u-1',
            provider: 'oura',
            calendarDate,
            data: { calendar_date: calendarDate, duration: 3600 },
          })),
        },
        '2026-01-05T10:00:00.000Z',
      );
      const first = await store.readSteps(2);
      expect(first.map((row) => `${row.userId} ${row.start}`)).toEqual([
        'u-1 2025-12-01T01:00:00.000Z',
        'u-1 2025-12-01T05:00:00.000Z',
      ]);
      expect(first[1]).toEqual(steps[1]);
      expect(first[0]).not.toHaveProperty('data');
      expect(await store.readSteps(2, first.at(-1))).toEqual([steps[0]]);
      expect(await store.readSteps(2, steps[0])).toEqual([]);
      // Walked a page of one row at a time, every row comes once.
      const walked: StepRow[] = [];
      for await (const row of storedSteps(store, 1)) walked.push(row);
      expect(walked).toHaveLength(3);
      const summaries = [];
      for await (const row of storedSummaries(store, 1)) summaries.push(row);
      expect(summaries.map((row) => row.calendarDate)).toEqual(['2025-12-01', '2025-12-02']);
      expect(summaries[0]?.data).toEqual({ calendar_date: '2025-12-01', duration: 3600 });
    }),
  );

  it(
    'lists failed windows and users with their error class, status and message, a page at a time',
    withStore(async ({ store }) => {
      const windows = ['u-2', 'u-1'].map((userId) => window({ userId }));
      await store.planWindows(windows);
      for (const failed of windows)
        await store.failWindow(failed, {
          error: 'NotFoundError',
          status: 404,
          message: `no ${failed.userId}`,
        });
      await store.saveUser({
        clientUserId: 'zed',
        userId: null,
        providers: [],
        error: 'NotFoundError (404): gone',
      });
      await store.saveUser({
        clientUserId: 'amy',
        userId: null,
        providers: [],
        error: 'ValidationError: bad id',
      });
      await store.saveUser({ clientUserId: 'bob', userId: 'u-9', providers: ['oura'], error: null });
      const [firstWindow] = await store.failedWindows(1);
      expect(firstWindow).toMatchObject({
        userId: 'u-1',
        resource: 'steps',
        failure: { error: 'NotFoundError', status: 404, message: 'no u-1' },
      });
      expect(Date.parse(firstWindow?.at ?? '')).not.toBeNaN();
      expect((await store.failedWindows(5, firstWindow)).map((w) => w.userId)).toEqual(['u-2']);
      const users = await store.failedUsers(1);
      expect(users.map((u) => u.clientUserId)).toEqual(['amy']);
      expect((await store.failedUsers(5, 'amy')).map((u) => [u.clientUserId, u.error])).toEqual([
        ['zed', 'NotFoundError (404): gone'],
      ]);
    }),
  );

  it(
    "gives each resource's newest data, its run end time and its oldest pending window",
    withStore(async ({ store }) => {
      await store.bindTeam(teamFingerprint('sk_test_reads'));
      const steps = window({ asOf: '2026-01-05T09:00:00.000Z' });
      const [planned] = await store.planWindows([steps]);
      await store.commitWindow(
        planned as SyncWindow,
        { steps: [step('u-1', 5)], summaries: [] },
        '2026-01-05T10:00:00.000Z',
      );
      const sleep = (userId: string, start: string) =>
        window({ userId, resource: 'sleep', start, end: start, asOf: '2026-01-06T09:00:00.000Z' });
      await store.planWindows([
        sleep('u-2', '2025-12-10'),
        sleep('u-1', '2025-12-03'),
        sleep('u-3', '2025-12-20'),
      ]);
      const byResource = Object.fromEntries((await store.resourceStatus()).map((r) => [r.resource, r]));
      expect(byResource.steps).toEqual({
        resource: 'steps',
        newestData: '2025-12-01T05:59:59.000Z',
        asOf: '2026-01-05T09:00:00.000Z',
        pending: 0,
        failed: 0,
        oldestPending: null,
        pendingSince: null,
      });
      expect(byResource.sleep).toMatchObject({
        newestData: null,
        asOf: '2026-01-06T09:00:00.000Z',
        pending: 3,
        oldestPending: {
          userId: 'u-1',
          resource: 'sleep',
          provider: 'oura',
          start: '2025-12-03',
          end: '2025-12-03',
        },
      });
      expect(byResource.activity).toMatchObject({
        newestData: null,
        asOf: null,
        pending: 0,
        oldestPending: null,
      });
    }),
  );
}
