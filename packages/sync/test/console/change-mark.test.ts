// The mark the console's coverage is kept under: it must move on every committed write (from this
// connection or another process's) and stay put while the store is only read, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markedCache } from '../../src/console/marked-cache.js';
import { storeCoverage } from '../../src/console/store-coverage.js';
import { readableStore } from '../../src/console/store-reader.js';
import { openStore, type SyncStore } from '../../src/index.js';
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
    const coverage = markedCache(store, () => {
      computed++;
      return storeCoverage(store);
    });
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
});
