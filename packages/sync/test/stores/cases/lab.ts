// Issue 46: what a store keeps of lab testing: each order status event once, the order at its latest
// status (an event delivered late does not move it back), and parsing jobs as read, a newer version
// replacing an older one and never the reverse.
import { expect, it } from 'vitest';
import { type LabOrderEvent, storedLabOrders, storedParsingJobs } from '../../../src/index.js';
import type { WithStore } from '../conformance.js';

const event = (
  orderId: string,
  status: string,
  occurredAt: string,
  userId: string | null = 'u-1',
): LabOrderEvent => ({
  orderId,
  userId,
  status,
  occurredAt,
  eventType: 'labtest.order.updated',
  data: { id: orderId, status, user_id: userId },
});

export function labCases(withStore: WithStore) {
  it(
    'issue 46: keeps each order event once and the order at its latest status, a late event kept but not applied',
    withStore(async ({ store }) => {
      await store.saveLabOrderEvent(event('o-2', 'received', '2026-01-01T09:00:00Z'));
      await store.saveLabOrderEvent(event('o-1', 'received', '2026-01-01T08:00:00Z'));
      await store.saveLabOrderEvent(event('o-1', 'completed', '2026-01-03T08:00:00+01:00'));
      // Delivered again, and an older one delivered late.
      await store.saveLabOrderEvent(event('o-1', 'completed', '2026-01-03T07:00:00Z'));
      await store.saveLabOrderEvent(event('o-1', 'sample_with_lab', '2026-01-02T08:00:00Z', null));
      const orders = [];
      for await (const order of storedLabOrders(store, 1)) orders.push(order);
      expect(orders.map((o) => [o.orderId, o.userId, o.status, o.updatedAt])).toEqual([
        ['o-1', 'u-1', 'completed', '2026-01-03T07:00:00.000Z'],
        ['o-2', 'u-1', 'received', '2026-01-01T09:00:00.000Z'],
      ]);
      expect(orders[0]?.data).toEqual({ id: 'o-1', status: 'completed', user_id: 'u-1' });
      const events = await store.readLabOrderEvents('o-1', 10);
      expect(events.map((e) => [e.status, e.occurredAt, e.userId])).toEqual([
        ['received', '2026-01-01T08:00:00.000Z', 'u-1'],
        ['sample_with_lab', '2026-01-02T08:00:00.000Z', 'u-1'],
        ['completed', '2026-01-03T07:00:00.000Z', 'u-1'],
      ]);
    }),
  );

  it(
    'issue 46: keeps parsing jobs as read, a newer version replacing an older one and never the reverse',
    withStore(async ({ store }) => {
      const job = (status: string, updatedAt: string, results: unknown[] = []) => ({
        jobId: 'job-1',
        userId: null,
        status,
        updatedAt,
        storedAt: '2026-01-05T10:00:00Z',
        job: { id: 'job-1', status, updated_at: updatedAt, results },
      });
      await store.saveParsingJob(job('processing', '2026-01-05T09:00:00Z'));
      await store.saveParsingJob({
        ...job('completed', '2026-01-05T09:00:30Z', [{ name: 'Glucose', value: 5.1 }]),
        userId: 'u-1',
      });
      await store.saveParsingJob(job('processing', '2026-01-05T09:00:00Z'));
      await store.saveParsingJob({ ...job('created', '2026-01-05T08:59:00Z'), jobId: 'job-0' });
      const jobs = [];
      for await (const stored of storedParsingJobs(store, 1)) jobs.push(stored);
      expect(jobs.map((j) => [j.jobId, j.userId, j.status, j.updatedAt])).toEqual([
        ['job-0', null, 'created', '2026-01-05T08:59:00.000Z'],
        ['job-1', 'u-1', 'completed', '2026-01-05T09:00:30.000Z'],
      ]);
      expect(jobs[1]?.job.results).toEqual([{ name: 'Glucose', value: 5.1 }]);
    }),
  );
}
