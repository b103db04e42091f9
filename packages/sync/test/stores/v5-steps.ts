// Issue 49: a version-5 store's steps (a row per point) become day rows on opening, every point read back
// the same: its times, unit, value and record as sent (key order and all), a damaged record still told.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION, type StepRow, storedSteps } from '../../src/index.js';
import type { Databases } from './databases.js';

const USERS = ['u-1', 'u-2', 'u-3'];
const PROVIDERS = ['fitbit', 'oura'];
// More than one page of the migration's read (5,000 rows), so a day continues across pages.
const DAYS = 45;
const HOUR_MS = 3_600_000;
const FIRST = Date.UTC(2025, 10, 1);

/** The time as a device at +02:00 writes it. */
const atPlusTwo = (ms: number) => `${new Date(ms + 2 * HOUR_MS).toISOString().slice(0, 19)}+02:00`;

interface V5Row {
  expected: StepRow;
  data: string | null;
}

/** Version-5 rows: most with their point as sent, some without (an older store), one damaged, one that disagrees. */
function v5Rows(): V5Row[] {
  const rows: V5Row[] = [];
  for (const userId of USERS)
    for (const provider of PROVIDERS)
      for (let hour = 0; hour < DAYS * 24; hour++) {
        const startMs = FIRST + hour * HOUR_MS;
        const start = new Date(startMs).toISOString();
        const end = new Date(startMs + HOUR_MS - 1_000).toISOString();
        const value = (hour * 37 + userId.length) % 1500;
        const base = { userId, provider, start, end, unit: 'count', value };
        if (hour % 97 === 5) {
          rows.push({ expected: base, data: null });
          continue;
        }
        if (hour === 7 && userId === 'u-2') {
          rows.push({
            expected: { ...base, damaged: 'its stored record is not JSON' },
            data: '{"start": not json',
          });
          continue;
        }
        // A record that says another value than the row: both are kept as they were.
        const point =
          hour === 9 && userId === 'u-3'
            ? { value: 1, note: 'corrected later' }
            : {
                zeta: hour,
                start: atPlusTwo(startMs),
                end: atPlusTwo(startMs + HOUR_MS - 1_000),
                value,
                unit: 'count',
                source: { type: 'ring', provider },
              };
        rows.push({ expected: { ...base, data: point }, data: JSON.stringify(point) });
      }
  return rows;
}

const quote = (text: string | null) => (text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`);

const checksum = (rows: readonly StepRow[]) =>
  createHash('sha256')
    .update(rows.map((row) => JSON.stringify(row)).join('\n'))
    .digest('hex');

export function v5StepsCases(db: Databases) {
  it('migrates a version-5 store of steps to day rows, every point read back the same (checksums)', async () => {
    const address = await db.fresh();
    await db.exec(address, db.fixture('schema-v5'));
    const rows = v5Rows();
    for (let i = 0; i < rows.length; i += 1_000)
      await db.exec(
        address,
        `INSERT INTO svc_steps (user_id, provider, start, "end", unit, value, data, fetched_at) VALUES ${rows
          .slice(i, i + 1_000)
          .map(
            ({ expected: r, data }) =>
              `(${quote(r.userId)}, ${quote(r.provider)}, ${quote(r.start)}, ${quote(r.end)}, 'count', ${r.value}, ${quote(data)}, '2026-01-01T00:00:00.000Z')`,
          )
          .join(', ')}`,
      );
    const expected = rows.map((row) => row.expected);
    const store = await openStore(address);
    try {
      const read: StepRow[] = [];
      for await (const row of storedSteps(store, 777)) read.push(row);
      expect(read).toHaveLength(expected.length);
      expect(read).toEqual(expected);
      expect(checksum(read)).toBe(checksum(expected));
      expect((await store.status()).rows.steps).toBe(expected.length);
      // A row per user, provider and UTC day; the version-5 table is gone.
      const [count] = await db.query(address, 'SELECT count(*) AS n FROM svc_steps');
      expect(Number(count?.n)).toBe(USERS.length * PROVIDERS.length * DAYS);
      const tables = await db.query(
        address,
        db.name === 'SQLite'
          ? `SELECT name FROM sqlite_master WHERE name = 'svc_steps_v5'`
          : `SELECT tablename FROM pg_tables WHERE tablename = 'svc_steps_v5'`,
      );
      expect(tables).toEqual([]);
      // Each record kept as its text, key order and all, once.
      const [day] = await db.query(
        address,
        `SELECT points FROM svc_steps WHERE user_id = 'u-1' AND provider = 'oura' AND day = '2025-11-02'`,
      );
      const first = rows.find(
        ({ expected: r, data }) =>
          r.userId === 'u-1' && r.provider === 'oura' && r.start.startsWith('2025-11-02') && data !== null,
      );
      expect(String(day?.points).split(first?.data as string)).toHaveLength(2);
      const [meta] = await db.query(address, `SELECT value FROM svc_meta WHERE key = 'schema_version'`);
      expect(meta?.value).toBe(String(SCHEMA_VERSION));
    } finally {
      await store.close();
    }
  });
}
