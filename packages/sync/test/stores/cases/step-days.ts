// Issue 49: steps kept as a row per user, provider and UTC day merge reads point by point: a later read
// replaces the points it names, an older one only adds what the day lacks, and nothing is ever doubled.
import { expect, it } from 'vitest';
import type { StepRow, SyncWindow } from '../../../src/index.js';
import type { WithStore } from '../conformance.js';
import { window } from '../rows.js';

const T1 = '2026-01-05T10:00:00.000Z';
const T2 = '2026-01-05T11:00:00.000Z';
const T3 = '2026-01-05T12:00:00.000Z';

/** Hourly points of 2025-12-01 (hours `from`..`to`), each worth `value` + its hour, as sent at +01:00. */
const points = (from: number, to: number, value: number): StepRow[] =>
  Array.from({ length: to - from + 1 }, (_, n) => {
    const hour = from + n;
    const start = new Date(Date.UTC(2025, 11, 1, hour)).toISOString();
    const end = new Date(Date.UTC(2025, 11, 1, hour, 59, 59)).toISOString();
    const local = (iso: string) =>
      `${new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 19)}+01:00`;
    return {
      userId: 'u-1',
      provider: 'oura',
      start,
      end,
      unit: 'count',
      value: value + hour,
      data: { start: local(start), end: local(end), value: value + hour, unit: 'count' },
    };
  });

const values = (rows: readonly StepRow[]) => rows.map((row) => `${row.start.slice(11, 13)}:${row.value}`);

export function stepDayCases(withStore: WithStore) {
  it(
    'merges reads into a day row point by point: a later read wins, an older one adds only what is missing, nothing doubled',
    withStore(async ({ store, address, db }) => {
      const [planned] = await store.planWindows([window()]);
      const commit = (rows: StepRow[], at: string) =>
        store.commitWindow(planned as SyncWindow, { steps: rows, summaries: [] }, at);
      await commit(points(0, 3, 200), T2);
      await commit(points(2, 5, 100), T1); // older: hours 2 and 3 stay the later read's
      expect(values(await store.readSteps(100))).toEqual([
        '00:200',
        '01:201',
        '02:202',
        '03:203',
        '04:104',
        '05:105',
      ]);
      expect((await store.status()).rows.steps).toBe(6);
      const [rows] = await db.query(address, 'SELECT count(*) AS n FROM svc_steps');
      expect(Number(rows?.n)).toBe(1);
      // Since an instant between the two reads: only the points the later read took.
      expect(values(await store.readSteps(100, undefined, '2026-01-05T10:30:00.000Z'))).toEqual([
        '00:200',
        '01:201',
        '02:202',
        '03:203',
      ]);
      // Read again, newest: every point it names is replaced, each once.
      await commit(points(0, 5, 300), T3);
      const again = await store.readSteps(100);
      expect(values(again)).toEqual(['00:300', '01:301', '02:302', '03:303', '04:304', '05:305']);
      expect(again.map((row) => row.data?.start)).toEqual(points(0, 5, 300).map((row) => row.data?.start));
      expect(values(await store.readSteps(100, undefined, T2))).toHaveLength(6);
      // A page that starts inside the day goes on after its last point.
      const first = await store.readSteps(4);
      expect(values(await store.readSteps(4, first.at(-1)))).toEqual(['04:304', '05:305']);
    }),
  );
}
