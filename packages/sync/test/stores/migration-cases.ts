// Issue 34: a store created by every earlier schema migrates forward on opening, keeping what it held.
import { describe, expect, it } from 'vitest';
import { checkStore, openStore, SCHEMA_VERSION, type SyncWindow } from '../../src/index.js';
import { MIGRATIONS } from '../../src/stores/migrations/migrations.js';
import { type Databases, readFixture } from './databases.js';
import { v5StepsCases } from './v5-steps.js';

/** The window the fixture rows-v1.sql holds as read and done. */
const OLD_WINDOW: SyncWindow = {
  userId: 'u-old',
  resource: 'sleep',
  provider: 'oura',
  start: '2025-10-30',
  end: '2025-11-28',
  asOf: '2025-12-01T00:00:00.000Z',
};
const OLD_RECORD = {
  calendar_date: '2025-11-01',
  duration: 28800,
  source: { provider: 'oura', type: 'ring' },
};

export function migrationCases(db: Databases) {
  describe(`${db.name}: stores of earlier schemas`, () => {
    it('keeps a fixture of every earlier schema', () => {
      for (const { version } of MIGRATIONS.slice(0, -1))
        expect(db.fixture(`schema-v${version}`)).toContain('CREATE TABLE');
    });

    it('reports a new database and a version-1 store as due, without changing either (migrate --check)', async () => {
      const empty = await db.fresh();
      expect(await checkStore(empty)).toEqual({ version: 0, latest: SCHEMA_VERSION, due: true, team: null });
      const old = await db.fresh();
      await db.exec(old, db.fixture('schema-v1'));
      expect(await checkStore(old)).toMatchObject({ version: 1, due: true });
      expect(await checkStore(old)).toMatchObject({ version: 1, due: true });
      expect(await checkStore(empty)).toMatchObject({ version: 0 });
    });

    it('migrates a version-1 store on opening, keeping its rows, checkpoints and users', async () => {
      const address = await db.fresh();
      await db.exec(address, db.fixture('schema-v1'));
      await db.exec(address, readFixture('rows-v1.sql'));
      const store = await openStore(address);
      try {
        expect(await checkStore(address)).toMatchObject({ version: SCHEMA_VERSION, due: false });
        expect(await store.findUser('old-alice')).toEqual({
          clientUserId: 'old-alice',
          userId: 'u-old',
          providers: ['oura'],
          error: null,
        });
        // The window read before the migration is still covered: not read again.
        expect(await store.planWindows([OLD_WINDOW])).toEqual([]);
        expect(await store.status()).toMatchObject({ rows: { steps: 1, sleep: 1 }, pending: 0, failed: 0 });
        // A record stored before keeps its value (as text now; PostgreSQL's jsonb had already reordered it).
        const [summary] = await db.query(address, 'SELECT data FROM svc_summaries');
        expect(typeof summary?.data).toBe('string');
        expect(JSON.parse(summary?.data as string)).toEqual(OLD_RECORD);
        // Steps stored before kept no point: nothing is made up for them.
        const steps = await store.readSteps(10);
        expect(steps).toHaveLength(1);
        expect(steps[0]).toMatchObject({ userId: 'u-old', value: 412 });
        expect(steps[0]).not.toHaveProperty('data');
      } finally {
        await store.close();
      }
    });

    v5StepsCases(db);
  });
}
