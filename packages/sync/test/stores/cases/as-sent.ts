// Issue 39: every field the service sends for a point or a record is stored, and read back unchanged.
import { expect, it } from 'vitest';
import type { StepRow, SummaryRow, SyncWindow } from '../../../src/index.js';
import { sandboxClient } from '../../fixtures/sandbox.js';
import type { WithStore } from '../conformance.js';
import { window } from '../rows.js';

const texts = (rows: Record<string, unknown>[]) => rows.map((row) => row.data ?? null);

export function asSentCases(withStore: WithStore) {
  it(
    'stores a point and a record as the service answered them, every field and the key order kept',
    withStore(async ({ store, address, db }) => {
      const { client } = sandboxClient();
      const { user_id } = await client.resolveUser({ client_user_id: 'alice' });
      const day = { user_id, start_date: '2025-12-01', end_date: '2025-12-01', provider: 'oura' };
      const page = await client.getStepsGrouped(day);
      const point = page.groups?.oura?.[0]?.data?.[0] as unknown as Record<string, unknown>;
      const answer = (await client.getSleepSummary(day)) as { sleep: Record<string, unknown>[] };
      const record = answer.sleep[0] as Record<string, unknown>;
      expect(point).toBeDefined();
      expect(record).toBeDefined();
      // What a later version of the service may send: a field we do not know, keys in no sorted order.
      const unknown = {
        value: 7,
        source: { type: 'ring', provider: 'oura' },
        zz_new_field: { nested: [1.5, 'ü', null], b: true, a: false },
        start: '2025-12-01T23:00:00.000Z',
      };
      const step = (at: string, data?: Record<string, unknown>): StepRow => ({
        userId: 'u-1',
        provider: 'oura',
        start: at,
        end: at.replace(':00:00.000Z', ':59:59.000Z'),
        unit: 'count',
        value: 1,
        ...(data ? { data } : {}),
      });
      const summary = (calendarDate: string, data: Record<string, unknown>): SummaryRow => ({
        resource: 'sleep',
        userId: 'u-1',
        provider: 'oura',
        calendarDate,
        data,
      });
      const [planned] = await store.planWindows([window()]);
      await store.commitWindow(
        planned as SyncWindow,
        {
          steps: [
            step('2025-12-01T21:00:00.000Z', point),
            step('2025-12-01T22:00:00.000Z'), // read by an engine that kept no point: nothing invented
            step('2025-12-01T23:00:00.000Z', unknown),
          ],
          summaries: [
            summary('2025-12-01', record),
            summary('2025-12-02', { zeta: 1, calendar_date: '2025-12-02', alpha: { b: 1, a: 2 } }),
          ],
        },
        '2026-01-05T10:00:00.000Z',
      );
      // One day row holds the three points, each record as its text once (no second copy).
      const days = await db.query(address, 'SELECT points FROM svc_steps');
      expect(days).toHaveLength(1);
      const stored = String(days[0]?.points);
      for (const text of [JSON.stringify(point), JSON.stringify(unknown)])
        expect(stored.split(text)).toHaveLength(2);
      expect((await store.readSteps(10)).map((row) => row.data ?? null)).toEqual([point, null, unknown]);
      expect(texts(await db.query(address, 'SELECT data FROM svc_summaries ORDER BY calendar_date'))).toEqual(
        [JSON.stringify(record), '{"zeta":1,"calendar_date":"2025-12-02","alpha":{"b":1,"a":2}}'],
      );
    }),
  );
}
