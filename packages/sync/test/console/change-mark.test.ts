// The marks the console's coverage is kept under, on both databases: the change mark must move on every
// committed write (from this connection or another process's) and stay put while the store is only read;
// the coverage epoch (schema 7) must move whenever windows or users are added or removed, so the spans
// kept under it always equal a fresh merge, and stay put on a status change, so a sync's commits are cheap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageStarts } from '../../src/console/coverage-queries.js';
import { markedCache } from '../../src/console/marked-cache.js';
import { keptCoverage, storeCoverage } from '../../src/console/store-coverage.js';
import { readableStore } from '../../src/console/store-reader.js';
import { openStore, type SyncStore, type SyncWindow } from '../../src/index.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { tempStores } from '../fixtures/temp-store.js';
import { postgresDatabases } from '../stores/databases.js';
import { AS_OF, writeMixedFleet } from './mixed-fleet.js';

let server: RunningPostgres;
const stores = tempStores();

beforeAll(async () => {
  server = await startPostgres();
});

afterAll(async () => {
  await server?.stop();
});

const bobsFailedSleep = {
  userId: 'u-bob',
  resource: 'sleep' as const,
  provider: 'oura',
  start: '2026-01-11',
  end: '2026-01-20',
  asOf: AS_OF,
};

describe.each([
  ['SQLite', async () => (await stores.open()).address],
  ['PostgreSQL', () => postgresDatabases(() => server.url).fresh()],
])('the change mark on %s', (_name, fresh) => {
  let address: string;
  let serving: SyncStore;
  let other: SyncStore;

  beforeAll(async () => {
    address = await fresh();
    serving = await openStore(address);
    await writeMixedFleet(serving);
    other = await openStore(address);
  });

  afterAll(async () => {
    await serving?.close();
    await other?.close();
  });

  it('stays while the store is only read, and moves on a write by another connection or by its own', async () => {
    const store = readableStore(serving);
    const first = await store.changeMark();
    await storeCoverage(store);
    await store.status();
    expect(await store.changeMark()).toBe(first);

    await other.commitWindow({ ...bobsFailedSleep, generation: 1 }, { steps: [], summaries: [] }, AS_OF);
    const afterOther = await store.changeMark();
    expect(afterOther).not.toBe(first);
    expect(await store.changeMark()).toBe(afterOther);

    await serving.failWindow(bobsFailedSleep, { error: 'ServerError', status: 503, message: 'down' });
    expect(await store.changeMark()).not.toBe(afterOther);
  });

  it('keeps the coverage while the mark stands and reads it afresh, exact, once a write moved it', async () => {
    const store = readableStore(serving);
    let computed = 0;
    const coverage = markedCache(
      () => store.changeMark(),
      () => {
        computed++;
        return storeCoverage(store);
      },
    );
    const before = await coverage();
    expect(await coverage()).toBe(before);
    expect(computed).toBe(1);

    await other.commitWindow({ ...bobsFailedSleep, generation: 1 }, { steps: [], summaries: [] }, AS_OF);
    const after = await coverage();
    expect(computed).toBe(2);
    expect(after).toEqual(await storeCoverage(store));
    const sleep = (maps: typeof before) => maps.find((map) => map.resource === 'sleep');
    // 2026-01-15: bob's window was failed, and is complete now.
    expect(sleep(before)?.failed[14]).toBe(1);
    expect(sleep(after)?.failed[14]).toBe(0);
    expect(sleep(after)?.complete[14]).toBe((sleep(before)?.complete[14] ?? 0) + 1);
  });

  it("keeps every window's spans across status changes, and merges afresh when windows or users come or go", async () => {
    const store = readableStore(serving);
    let merged = 0;
    // The merge of every window's spans (the costly pass), counted for the kept reads only.
    const counted = Object.assign(Object.create(store), {
      readRows: (sql: string, params?: readonly (string | number)[]) => {
        if (sql === coverageStarts('')) merged++;
        return store.readRows(sql, params);
      },
    });
    const kept = keptCoverage(counted);
    const same = async () => expect(await kept()).toEqual(await storeCoverage(store));
    await same();
    expect(merged).toBe(1);

    // A sync's commits and failures, and a retry's replanning, change statuses only: nothing merged again.
    await other.failWindow(bobsFailedSleep, { error: 'ServerError', status: 503, message: 'down' });
    await same();
    const [replanned] = await other.planWindows([bobsFailedSleep]);
    await same();
    await other.commitWindow(replanned as SyncWindow, { steps: [], summaries: [] }, AS_OF);
    await same();
    expect(merged).toBe(1);

    const dans = { ...bobsFailedSleep, userId: 'u-dan', start: '2026-01-03', end: '2026-01-09' };
    await other.planWindows([dans]);
    await same();
    const sleep = (await kept()).find((map) => map.resource === 'sleep');
    expect(sleep?.pending[2]).toBeGreaterThan(0); // 2026-01-03: dan's new window, owed
    await other.saveUser({ clientUserId: 'erin', userId: 'u-erin', providers: ['oura'], error: null });
    await same();
    expect((await kept())[0]?.users).toBe(5);
    await other.eraseUser({ clientUserId: 'carol' });
    await same();
    expect((await kept())[0]?.users).toBe(4);
    await other.retain('sleep', '2026-01-05T00:00:00.000Z');
    await same();
    // Once more for each window or user added or removed (retention removes neither).
    expect(merged).toBe(4);
  });
});
