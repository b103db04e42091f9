// Issue 34: a store created by every earlier schema migrates forward on opening, keeping what it held.
import { beforeAll, describe, expect, it } from 'vitest';
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
  migratedShapeCases(db);
}

/** The schema and rows of a store at `address` once opened (a new database is created, an old one migrated). */
async function openedShape(db: Databases, address: string) {
  const store = await openStore(address);
  await store.close();
  return db.shape(address);
}

/**
 * A store created by every earlier schema and migrated on opening has a new store's shape (every table,
 * column, index, constraint and row): the store code being the same, it answers every call as a new store
 * does. The conformance suite runs in full on a new store and on the longest road (schema-v1 through every
 * migration); this proves the other starting points reach the same store.
 */
function migratedShapeCases(db: Databases) {
  describe(`${db.name}: a store of every earlier schema, migrated, is a new store`, () => {
    let fresh: string[];
    beforeAll(async () => {
      fresh = await openedShape(db, await db.fresh());
    });

    for (const { version } of MIGRATIONS.slice(0, -1))
      it(`schema-v${version}: the same tables, columns, indexes, constraints and rows`, async () => {
        const address = await db.fresh();
        await db.exec(address, db.fixture(`schema-v${version}`));
        expect(await openedShape(db, address)).toEqual(fresh);
      });

    it('tells a column, an index or a row more than a new store holds', async () => {
      for (const change of [
        'ALTER TABLE svc_meta ADD COLUMN extra TEXT',
        'CREATE INDEX svc_extra ON svc_meta (value)',
        "INSERT INTO svc_meta (key, value) VALUES ('extra', 'x')",
      ]) {
        const address = await db.fresh();
        await openedShape(db, address);
        await db.exec(address, change);
        expect(await db.shape(address), change).not.toEqual(fresh);
      }
    });
  });
}
