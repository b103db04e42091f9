import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkStore,
  openStore,
  StoreLockedError,
  StoreUnavailableError,
  StoreUrlError,
  type SyncWindow,
} from '../../src/index.js';
import { sqliteDriver } from '../../src/stores/sqlite/driver.js';
import { createSqliteStore } from '../../src/stores/sqlite-store.js';
import { storeConformance } from './conformance.js';
import { sqliteDatabases } from './databases.js';
import { migrationCases } from './migration-cases.js';
import { stepRows, window } from './rows.js';

const sqlite = sqliteDatabases();
storeConformance(sqlite);
// A store of the oldest schema, migrated on opening through every migration, passes the same suite; a
// store of every other earlier schema is shown to be the same store as a new one (migrationCases).
storeConformance(sqlite, 'schema-v1');
migrationCases(sqlite);

describe('opening a SQLite store', () => {
  it('refuses an address of another scheme, naming only the scheme', async () => {
    await expect(openStore('mysql://root:hunter2@db/x')).rejects.toThrow(StoreUrlError);
    await expect(openStore('mysql://root:hunter2@db/x')).rejects.not.toThrow(/hunter2/);
  });

  it('fails with StoreUnavailableError when the directory does not exist', async () => {
    const missing = `sqlite:${join(sqlite.dir, 'missing', 'x.db')}`;
    await expect(openStore(missing)).rejects.toThrow(StoreUnavailableError);
    await expect(checkStore(missing)).rejects.toThrow(StoreUnavailableError);
  });

  it('checks a file that is not there yet without creating it', async () => {
    const address = await sqlite.fresh();
    expect(await checkStore(address)).toMatchObject({ version: 0, due: true });
    expect(existsSync(address.slice('sqlite:'.length))).toBe(false);
  });

  it("creates its file, and SQLite's journal beside it, readable by their owner only (they hold health data)", async () => {
    const dir = mkdtempSync(join(sqlite.dir, 'private-'));
    const path = join(dir, 'svc.db');
    const store = await openStore(`sqlite:${path}`);
    try {
      const [planned] = await store.planWindows([window()]);
      await store.commitWindow(planned as SyncWindow, stepRows(1), '2026-01-05T10:00:00.000Z');
      const files = readdirSync(dir);
      expect(files).toEqual(expect.arrayContaining(['svc.db', 'svc.db-wal']));
      for (const file of files) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    } finally {
      await store.close();
    }
  });

  it('fails with StoreLockedError when another connection holds the write lock', async () => {
    const path = join(sqlite.dir, 'locked.db');
    await (await openStore(`sqlite:${path}`)).close();
    const holder = sqliteDriver().open(path, false);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const store = createSqliteStore(path, { busyTimeoutMs: 50 });
      await expect(
        store.planWindows([window({ userId: 'u', resource: 'sleep', end: '2025-12-01' })]),
      ).rejects.toThrow(StoreLockedError);
      await store.close();
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('fails every call with StoreUnavailableError once its file is deleted, writing nothing to a file that is gone', async () => {
    const dir = mkdtempSync(join(sqlite.dir, 'gone-'));
    const store = await openStore(`sqlite:${join(dir, 'svc.db')}`);
    try {
      const [planned] = await store.planWindows([window()]);
      rmSync(dir, { recursive: true, force: true });
      await expect(
        store.commitWindow(planned as SyncWindow, stepRows(1), '2026-01-05T10:00:00.000Z'),
      ).rejects.toThrow(StoreUnavailableError);
      await expect(store.status()).rejects.toThrow(
        /svc\.db was deleted or moved while the store had it open/,
      );
    } finally {
      await store.close();
    }
  });
});

describe('the SQLite driver', () => {
  it("is Node's built-in node:sqlite from Node 22.13 on, and better-sqlite3 before", () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const builtIn = major > 22 || (major === 22 && minor >= 13);
    expect(sqliteDriver().name).toBe(builtIn ? 'node:sqlite' : 'better-sqlite3');
  });

  it("prints nothing in a partner's process: node:sqlite's ExperimentalWarning is kept off stderr", async () => {
    const address = await sqlite.fresh();
    const dist = new URL('../../dist/index.js', import.meta.url).href;
    const program = `import { openStore } from ${JSON.stringify(dist)};
      const store = await openStore(${JSON.stringify(address)}); await store.status(); await store.close();`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('says what to do when neither driver loads', () => {
    const attempt = () =>
      sqliteDriver(undefined, {
        'node:sqlite': () => ({
          name: 'node:sqlite',
          unavailable: 'not in this Node (it needs 22.13 or newer)',
        }),
        'better-sqlite3': () => ({ name: 'better-sqlite3', unavailable: 'not installed' }),
      });
    expect(attempt).toThrow(StoreUnavailableError);
    expect(attempt).toThrow(
      /better-sqlite3: not installed.*run on Node 22\.13 or newer \(SQLite built in\), or install better-sqlite3/,
    );
  });
});
