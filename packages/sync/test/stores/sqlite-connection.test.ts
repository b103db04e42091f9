// The connection the SQLite store opens, read on that very connection: a setting is per connection, so a
// second one would not show it. The driver module is wrapped to hand the test each database it opens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SqliteDatabase, SqliteDriverName } from '../../src/stores/sqlite/sqlite-database.js';

const opened: SqliteDatabase[] = [];
vi.mock('../../src/stores/sqlite/driver.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/stores/sqlite/driver.js')>();
  return {
    ...real,
    sqliteDriver: (...args: Parameters<typeof real.sqliteDriver>) => {
      const driver = real.sqliteDriver(...args);
      return {
        ...driver,
        open: (path: string, readOnly: boolean) => {
          const db = driver.open(path, readOnly);
          opened.push(db);
          return db;
        },
      };
    },
  };
});

const { sqliteDriver } = await import('../../src/stores/sqlite/driver.js');
const { openSqliteStore } = await import('../../src/stores/sqlite-store.js');

const dir = mkdtempSync(join(tmpdir(), 'svc-sync-connection-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The drivers this Node loads: better-sqlite3 on Node 20, node:sqlite from 22.13 (and better-sqlite3 if installed). */
const loaded = (['node:sqlite', 'better-sqlite3'] as const).filter((name: SqliteDriverName) => {
  try {
    sqliteDriver(name);
    return true;
  } catch {
    return false;
  }
});

describe('the connection a SQLite store opens', () => {
  it.each(loaded)(
    "keeps SQLite's own 2 MB page cache on %s (better-sqlite3 is built with 16 MB, which a backfill filled)",
    async (name) => {
      const store = openSqliteStore(join(mkdtempSync(join(dir, 'cache-')), 'svc.db'), { driver: name });
      try {
        const db = opened.at(-1);
        expect(db).toBeDefined();
        expect(db?.prepare('PRAGMA cache_size').get<{ cache_size: number }>()).toEqual({ cache_size: -2000 });
        expect(db?.prepare('PRAGMA journal_mode').get<{ journal_mode: string }>()).toEqual({
          journal_mode: 'wal',
        });
      } finally {
        await store.close();
      }
    },
  );

  it('is tried on at least one driver', () => {
    expect(loaded.length).toBeGreaterThan(0);
  });
});
