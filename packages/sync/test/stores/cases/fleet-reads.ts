// Issue 47: the reads an agent's tools make of a store: per-user aggregates of a summary over calendar
// days, one user's timeline, and a store opened read-only that refuses any write.
import { expect, it } from 'vitest';
import {
  labOrderHistories,
  openStoreReadOnly,
  type SummaryRow,
  type SyncWindow,
  summaryAggregates,
  userTimeline,
} from '../../../src/index.js';
import type { WithStore } from '../conformance.js';
import { window } from '../rows.js';

const sleep = (userId: string, provider: string, calendarDate: string, duration: unknown): SummaryRow => ({
  resource: 'sleep',
  userId,
  provider,
  calendarDate,
  data: { calendar_date: calendarDate, duration, stages: { deep: 1 } },
});

async function fill(store: Parameters<Parameters<WithStore>[0]>[0]['store']) {
  await store.saveUser({ clientUserId: 'ann', userId: 'u-1', providers: ['oura'], error: null });
  await store.saveUser({ clientUserId: 'bob', userId: 'u-2', providers: ['oura', 'fitbit'], error: null });
  const windows = [
    window({ userId: 'u-1', resource: 'sleep', start: '2025-12-01', end: '2025-12-07' }),
    window({ userId: 'u-2', resource: 'sleep', start: '2025-12-01', end: '2025-12-07' }),
  ];
  const planned = await store.planWindows(windows);
  await store.commitWindow(
    planned[0] as SyncWindow,
    {
      steps: [0, 1, 30].map((hour) => ({
        userId: 'u-1',
        provider: 'oura',
        start: new Date(Date.UTC(2025, 11, 1, hour)).toISOString(),
        end: new Date(Date.UTC(2025, 11, 1, hour, 59, 59)).toISOString(),
        unit: 'count',
        value: 100 + hour,
      })),
      summaries: [
        sleep('u-1', 'oura', '2025-12-01', 20_000),
        sleep('u-1', 'oura', '2025-12-02', 22_000),
        sleep('u-1', 'oura', '2025-12-09', 1),
      ],
    },
    '2026-01-05T10:00:00.000Z',
  );
  await store.commitWindow(
    planned[1] as SyncWindow,
    {
      steps: [],
      summaries: [
        sleep('u-2', 'oura', '2025-12-01', 30_000),
        sleep('u-2', 'fitbit', '2025-12-01', 26_000),
        sleep('u-2', 'fitbit', '2025-12-02', 'not a number'),
      ],
    },
    '2026-01-05T10:00:00.000Z',
  );
}

export function fleetReadCases(withStore: WithStore) {
  it(
    'aggregates a summary number per user over calendar days, named by client user id',
    withStore(async ({ store }) => {
      await fill(store);
      const query = { resource: 'sleep', field: 'duration', from: '2025-12-01', to: '2025-12-07' } as const;
      expect(await summaryAggregates(store, query)).toEqual([
        {
          clientUserId: 'ann',
          userId: 'u-1',
          count: 2,
          days: 2,
          sum: 42_000,
          avg: 21_000,
          min: 20_000,
          max: 22_000,
        },
        {
          clientUserId: 'bob',
          userId: 'u-2',
          count: 2,
          days: 1,
          sum: 56_000,
          avg: 28_000,
          min: 26_000,
          max: 30_000,
        },
      ]);
      expect(await summaryAggregates(store, { ...query, provider: 'fitbit' })).toEqual([
        {
          clientUserId: 'bob',
          userId: 'u-2',
          count: 1,
          days: 1,
          sum: 26_000,
          avg: 26_000,
          min: 26_000,
          max: 26_000,
        },
      ]);
      expect(await summaryAggregates(store, { ...query, field: 'stages.deep' })).toHaveLength(2);
      await expect(summaryAggregates(store, { ...query, field: 'duration; DROP TABLE x' })).rejects.toThrow(
        /field must be a field name/,
      );
    }),
  );

  it(
    'gives one user’s summaries and steps of a range of days, and nothing of other users',
    withStore(async ({ store }) => {
      await fill(store);
      const timeline = await userTimeline(store, 'ann', '2025-12-01', '2025-12-01');
      expect(timeline?.userId).toBe('u-1');
      expect(timeline?.summaries.map((row) => `${row.userId} ${row.calendarDate}`)).toEqual([
        'u-1 2025-12-01',
      ]);
      expect(timeline?.steps.map((row) => row.value)).toEqual([100, 101]);
      expect(await userTimeline(store, 'nobody', '2025-12-01', '2025-12-01')).toBeUndefined();
    }),
  );

  it(
    'opens read-only: reads what is stored and refuses any write',
    withStore(async ({ store, address }) => {
      await fill(store);
      const reader = await openStoreReadOnly(address);
      try {
        expect((await reader.status()).rows.sleep).toBe(6);
        await expect(
          reader.saveUser({ clientUserId: 'eve', userId: 'u-9', providers: [], error: null }),
        ).rejects.toThrow();
      } finally {
        await reader.close();
      }
      expect(await store.findUser('eve')).toBeUndefined();
    }),
  );

  it(
    'gives every lab order with its client user id, its latest status events and its user’s parsed results',
    withStore(async ({ store }) => {
      await fill(store);
      const event = (orderId: string, userId: string | null, status: string, occurredAt: string) =>
        store.saveLabOrderEvent({
          orderId,
          userId,
          status,
          occurredAt,
          eventType: 'labtest.order.updated',
          data: { id: orderId, status },
        });
      for (const [day, status] of ['received', 'collecting_sample', 'sample_with_lab'].entries())
        await event('o-1', 'u-1', status, `2026-01-0${day + 1}T09:00:00Z`);
      await event('o-2', 'u-3', 'received', '2026-01-02T09:00:00Z');
      await event('o-3', null, 'received', '2026-01-02T09:00:00Z');
      const job = (jobId: string, userId: string, results?: unknown[]) => ({
        jobId,
        userId,
        status: results ? 'completed' : 'processing',
        updatedAt: '2026-01-04T09:00:00Z',
        storedAt: '2026-01-04T09:00:01Z',
        job: { id: jobId, ...(results ? { results } : {}) },
      });
      await store.saveParsingJob(job('job-1', 'u-1', [{ name: 'Glucose', value: 5.1 }]));
      await store.saveParsingJob(job('job-2', 'u-1'));
      const histories = await labOrderHistories(store, { events: 2 });
      expect(
        histories.map((order) => [order.orderId, order.clientUserId, order.status, order.eventsTotal]),
      ).toEqual([
        ['o-1', 'ann', 'sample_with_lab', 3],
        ['o-2', null, 'received', 1],
        ['o-3', null, 'received', 1],
      ]);
      expect(histories[0]?.events.map((e) => e.status)).toEqual(['collecting_sample', 'sample_with_lab']);
      expect(histories[0]?.parsedReports.map((report) => report.jobId)).toEqual(['job-1']);
      expect(histories[1]?.parsedReports).toEqual([]);
      await expect(labOrderHistories(store, { events: 0 })).rejects.toThrow(/events must be/);
    }),
  );
}
