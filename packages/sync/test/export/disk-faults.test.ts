// The export writes users' health data to disk: readable by its owner only, and a file that fails
// (a full disk, a path that cannot be written) fails the export with its cause, never a wait forever.
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as later } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import type { SyncStore, SyncWindow } from '../../src/index.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const USER = '00000000-0000-4000-8000-000000000001';
const AS_OF = '2026-01-05T09:00:00.000Z';

/** A store with one steps point and one body summary (both exported as Observations). */
async function smallStore(): Promise<SyncStore> {
  const { store } = await stores.open();
  const window = (resource: 'steps' | 'body', end: string): SyncWindow => ({
    userId: USER,
    resource,
    provider: 'oura',
    start: '2025-10-01',
    end,
    asOf: AS_OF,
  });
  const [steps] = await store.planWindows([window('steps', '2025-10-07')]);
  await store.commitWindow(
    steps as SyncWindow,
    {
      steps: [
        {
          userId: USER,
          provider: 'oura',
          start: '2025-10-01T00:00:00.000Z',
          end: '2025-10-01T00:59:59.000Z',
          unit: 'count',
          value: 812,
          data: {},
        },
      ],
      summaries: [],
    },
    AS_OF,
  );
  const [body] = await store.planWindows([window('body', '2025-10-30')]);
  const record = { calendar_date: '2025-10-02', weight: 70.2, source: { provider: 'oura' } };
  await store.commitWindow(
    body as SyncWindow,
    {
      steps: [],
      summaries: [
        { resource: 'body', userId: USER, provider: 'oura', calendarDate: '2025-10-02', data: record },
      ],
    },
    AS_OF,
  );
  return store;
}

/** The store as it is over a network (PostgreSQL): each page of summaries takes a while to come. */
const remote = (store: SyncStore, meanwhile: () => void = () => {}): SyncStore =>
  new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'readSummaries' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        meanwhile();
        await later(50);
        return value.apply(target, args);
      };
    },
  });

describe('svc-sync export on its disk', () => {
  it('writes its files readable by their owner only', async () => {
    const store = await smallStore();
    const dir = join(stores.dir, 'private');
    await exportFhirNdjson(store, dir, { resources: ['steps', 'body'] });
    expect(readdirSync(dir).sort()).toEqual([
      'Device.ndjson',
      'Observation.ndjson',
      'Patient.ndjson',
      'manifest.json',
    ]);
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
  });

  it("replaces an earlier export's files readable by their owner only, whatever mode they had", async () => {
    const store = await smallStore();
    const dir = join(stores.dir, 'again');
    // An export by an earlier version (or under a looser umask) left its files readable by everyone.
    mkdirSync(dir);
    for (const file of ['Observation.ndjson', 'manifest.json']) {
      writeFileSync(join(dir, file), '{}\n');
      chmodSync(join(dir, file), 0o644);
    }
    await exportFhirNdjson(store, dir, { resources: ['steps', 'body'] });
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
  });

  it('fails with the cause when a file cannot take its name while the store is still being read, leaving nothing half-written', async () => {
    const dir = join(stores.dir, 'unwritable');
    const planted = join(dir, 'Observation.ndjson');
    // Observation.ndjson's name is taken by a directory once its lines are being written (summaries still to come).
    const store = remote(await smallStore(), () => mkdirSync(planted, { recursive: true }));
    await expect(exportFhirNdjson(store, dir, { resources: ['steps', 'body'] })).rejects.toThrow(
      /Observation\.ndjson is a directory, not a regular file/,
    );
    expect(readdirSync(dir)).toEqual(['Observation.ndjson']);
  }, 10_000);
});
