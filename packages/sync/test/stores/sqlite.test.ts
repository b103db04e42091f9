import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StoreLockedError, StoreUnavailableError, StoreUrlError } from '../../src/index.js';
import { createSqliteStore } from '../../src/stores/sqlite-store.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { storeConformance } from './conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-sync-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

storeConformance('SQLite', async () => {
  const address = `sqlite:${join(dir, `store-${++files}.db`)}`;
  const store = await openStore(address);
  return { store, rows: () => storedRows(address) };
});

describe('opening a SQLite store', () => {
  it('refuses an address of another scheme, naming only the scheme', async () => {
    await expect(openStore('mysql://root:hunter2@db/x')).rejects.toThrow(StoreUrlError);
    await expect(openStore('mysql://root:hunter2@db/x')).rejects.not.toThrow(/hunter2/);
  });

  it('fails with StoreUnavailableError when the directory does not exist', async () => {
    await expect(openStore(`sqlite:${join(dir, 'missing', 'x.db')}`)).rejects.toThrow(StoreUnavailableError);
  });

  it('fails with StoreLockedError when another connection holds the write lock', async () => {
    const path = join(dir, 'locked.db');
    await (await openStore(`sqlite:${path}`)).close();
    const holder = new Database(path);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const store = createSqliteStore(path, { busyTimeoutMs: 50 });
      await expect(
        store.planWindows([
          {
            userId: 'u',
            resource: 'sleep',
            provider: 'oura',
            start: '2025-12-01',
            end: '2025-12-01',
            asOf: '2026-01-01T00:00:00.000Z',
          },
        ]),
      ).rejects.toThrow(StoreLockedError);
      await store.close();
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });
});
