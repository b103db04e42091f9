// Issue 45: retention removes exactly the rows older than the policy, per resource, with their bytes;
// the rest (a newer row, a resource the policy does not name) stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyRetention,
  openStore,
  parseRetainDays,
  SyncInputError,
  type SyncWindow,
} from '../../src/index.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { type Databases, postgresDatabases, sqliteDatabases } from '../stores/databases.js';
import { found, pgTableFiles, sqliteFiles } from './byte-scans.js';
import { receiptErrors } from './receipt-schema.js';

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

const sqlite = sqliteDatabases();
const pgDatabases = postgresDatabases(() => postgres.url);
const databases: Record<string, () => Databases> = { SQLite: () => sqlite, PostgreSQL: () => pgDatabases };

const NOW = new Date('2026-01-21T12:00:00.000Z');
const DAYS = Array.from({ length: 20 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
const window = (userId: string, resource: SyncWindow['resource']): SyncWindow => ({
  userId,
  resource,
  provider: 'oura',
  start: '2026-01-01',
  end: '2026-01-20',
  asOf: '2026-01-21T00:00:00.000Z',
});

describe.each(Object.keys(databases))('%s: retention', (name) => {
  it('issue 45: removes exactly the rows older than the policy, and their bytes', async () => {
    const db = (databases[name] as () => Databases)();
    const address = await db.fresh();
    const store = await openStore(address);
    try {
      for (const userId of ['u-ret-1', 'u-ret-2']) {
        await store.commitWindow(
          window(userId, 'steps'),
          {
            steps: DAYS.flatMap((day) =>
              [3, 15].map((hour) => ({
                userId,
                provider: 'oura',
                start: `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`,
                end: `${day}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
                unit: 'count',
                value: hour,
                data: { marker: `steps-${userId}-${day}-${hour}` },
              })),
            ),
            summaries: [],
          },
          NOW.toISOString(),
        );
        for (const resource of ['sleep', 'activity'] as const)
          await store.commitWindow(
            window(userId, resource),
            {
              steps: [],
              summaries: DAYS.map((day) => ({
                resource,
                userId,
                provider: 'oura',
                calendarDate: day,
                data: { calendar_date: day, marker: `${resource}-${userId}-${day}` },
              })),
            },
            NOW.toISOString(),
          );
      }
      const before = await storedRows(address);
      // The policy's own arithmetic, written out: steps keep 10 days (a point starting before
      // 2026-01-11T12:00Z goes), sleep 5 (a calendar day before 2026-01-16 goes), activity all.
      const older = (key: string) => {
        const [kind, , , at] = key.split('|') as [string, string, string, string];
        if (kind === 'steps') return at < '2026-01-11T12:00:00.000Z';
        if (kind === 'sleep') return at < '2026-01-16';
        return false;
      };
      const expected = new Map([...before].filter(([key]) => !older(key)));
      const removedKeys = [...before.keys()].filter(older);
      expect(removedKeys.length).toBe(2 * (21 + 15)); // per user: 10 days and one point of steps, 15 days of sleep

      const receipt = await applyRetention(store, parseRetainDays('steps=10,sleep=5'), { now: NOW });

      expect(receiptErrors(receipt)).toEqual([]);
      expect(receipt).toMatchObject({
        kind: 'retention',
        tombstone: null,
        retainDays: { steps: 10, sleep: 5 },
        cutoffs: { steps: '2026-01-11T12:00:00.000Z', sleep: '2026-01-16T12:00:00.000Z' },
        removed: { svc_steps: 42, svc_summaries: 30 },
        scrub: { complete: true },
      });
      expect(await storedRows(address)).toEqual(expected);
      // The removed rows' values are gone from the files; the kept ones are there.
      const bytes =
        name === 'SQLite'
          ? sqliteFiles(address.slice('sqlite:'.length))
          : (await pgTableFiles(address)).bytes;
      expect(
        found(bytes, [
          'steps-u-ret-1-2026-01-11-3',
          'sleep-u-ret-2-2026-01-15',
          'steps-u-ret-2-2026-01-01-15',
        ]),
      ).toEqual([]);
      expect(
        found(bytes, [
          'steps-u-ret-1-2026-01-11-15',
          'sleep-u-ret-2-2026-01-16',
          'activity-u-ret-1-2026-01-01',
        ]),
      ).toHaveLength(3);
      // Run again: nothing more is older, nothing is rewritten.
      const again = await applyRetention(store, { steps: 10, sleep: 5 }, { now: NOW });
      expect(again.removed).toEqual({ svc_steps: 0, svc_summaries: 0 });
      expect(again.scrub.method).toBe('none');
    } finally {
      await store.close();
    }
  });
});

describe('the retention policy', () => {
  it('reads days per resource, or one number for every resource, and refuses anything else', () => {
    expect(parseRetainDays('steps=30, sleep=365')).toEqual({ steps: 30, sleep: 365 });
    expect(parseRetainDays('90')).toMatchObject({ steps: 90, sleep: 90, workouts: 90 });
    for (const bad of ['steps=0', 'steps=1.5', 'heart=3', 'steps=', 'x', '-4'])
      expect(() => parseRetainDays(bad)).toThrow(SyncInputError);
  });
});
