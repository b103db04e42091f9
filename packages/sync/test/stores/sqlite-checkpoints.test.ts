// A writer's checkpoints run on a worker thread (stores/sqlite/wal-checkpointer.ts): the pages a commit
// appends to the WAL reach the database file without the writer's COMMIT waiting on a checkpoint's
// fsyncs. Without the worker the writer's own checkpoint waits for 64 MiB of WAL, so the file would stay
// empty of them here.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SyncWindow } from '../../src/index.js';
import { sqliteDriver } from '../../src/stores/sqlite/driver.js';
import type { SqliteDriverName } from '../../src/stores/sqlite/sqlite-database.js';
import { walCheckpointer } from '../../src/stores/sqlite/wal-checkpointer.js';
import { openSqliteStore } from '../../src/stores/sqlite-store.js';
import { window } from './rows.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-sync-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const loaded = (['node:sqlite', 'better-sqlite3'] as const).filter((name: SqliteDriverName) => {
  try {
    sqliteDriver(name);
    return true;
  } catch {
    return false;
  }
});

const MB = 1024 * 1024;

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

describe("a SQLite writer's checkpoints", () => {
  it.each(loaded)('are made by a worker thread once the WAL passes 4 MiB, on %s', async (name) => {
    const path = join(mkdtempSync(join(dir, 'worker-')), 'svc.db');
    const store = openSqliteStore(path, { driver: name });
    try {
      await store.migrate();
      const windows = Array.from({ length: 3_000 }, (_, n) =>
        window({ userId: `u-${n}`, resource: 'sleep', start: '2025-12-01', end: '2025-12-01' }),
      );
      const planned = (await store.planWindows(windows)) as SyncWindow[];
      // About 7 MB of summaries, committed 100 windows at a time.
      for (let first = 0; first < planned.length; first += 100) {
        await store.commitWindows(
          planned.slice(first, first + 100).map((w) => ({
            window: w,
            fetchedAt: '2026-01-05T10:00:00.000Z',
            rows: {
              steps: [],
              summaries: [
                {
                  resource: 'sleep',
                  userId: w.userId,
                  provider: 'oura',
                  calendarDate: '2025-12-01',
                  data: { note: `${w.userId} `.repeat(300) },
                },
              ],
            },
          })),
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // The worker copies the WAL's pages into the file while the writer goes on.
      expect(await until(() => statSync(path).size > 4 * MB)).toBe(true);
      expect((await store.status()).rows.sleep).toBe(3_000);
    } finally {
      await store.close();
    }
  });

  it('fall back to the writer when the worker cannot open the file (better-sqlite3)', async () => {
    if (!loaded.includes('better-sqlite3')) return;
    const driver = sqliteDriver('better-sqlite3');
    const db = driver.open(join(mkdtempSync(join(dir, 'writer-')), 'svc.db'), false);
    // A WAL past the mark beside no database file: the worker's open (file must exist) fails.
    const missing = join(mkdtempSync(join(dir, 'missing-')), 'svc.db');
    writeFileSync(`${missing}-wal`, Buffer.alloc(16));
    const checkpoints = walCheckpointer(db, missing, 'better-sqlite3', 8);
    try {
      expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 16_384 });
      checkpoints.afterWrite();
      expect(
        await until(
          () =>
            (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number })
              .wal_autocheckpoint === 1_000,
        ),
      ).toBe(true);
    } finally {
      await checkpoints.close();
      db.close();
    }
  });
});
