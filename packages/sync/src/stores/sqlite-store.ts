// The embedded store: one SQLite file holding checkpoints and data (WAL mode, one writer at a time),
// through node:sqlite or better-sqlite3 (sqlite/sqlite-database.ts).
import { closeSync, openSync } from 'node:fs';
import { StoreUnavailableError } from '../errors/errors.js';
import { configureConnection } from './sqlite/connection-settings.js';
import { sqliteDriver } from './sqlite/driver.js';
import { sqliteErasureMethods } from './sqlite/methods/sqlite-erasure-methods.js';
import { sqliteLabMethods } from './sqlite/methods/sqlite-lab-methods.js';
import { sqliteMaintenanceMethods } from './sqlite/methods/sqlite-maintenance-methods.js';
import { sqliteReadMethods } from './sqlite/methods/sqlite-read-methods.js';
import type { SqliteGuard } from './sqlite/methods/sqlite-store-parts.js';
import { sqliteUserMethods } from './sqlite/methods/sqlite-user-methods.js';
import { sqliteWindowMethods } from './sqlite/methods/sqlite-window-methods.js';
import type { SqliteDriverName } from './sqlite/sqlite-database.js';
import { sqliteErasure } from './sqlite/sqlite-erasure.js';
import { fileWatch, translateSqlite } from './sqlite/sqlite-errors.js';
import { sqliteSchema } from './sqlite/sqlite-schema.js';
import { prepareStatements } from './sqlite/sqlite-statements.js';
import { sqliteStepDays } from './sqlite/sqlite-step-days.js';
import type { SyncStore } from './store.js';
import type { MaintainedStore } from './store-maintenance.js';

export interface SqliteStoreOptions {
  /** How long a write waits for another process's transaction before failing with StoreLockedError (default 5000 ms). */
  busyTimeoutMs?: number;
  /** The SQLite driver (default: Node's built-in node:sqlite where there is one, else better-sqlite3). */
  driver?: SqliteDriverName;
}

/**
 * Creates a store file that is not there yet readable by its owner only: it holds users' health data,
 * and SQLite gives the journal files it makes beside it (`-wal`, `-shm`) the database file's mode. An
 * existing file keeps its mode; a file that cannot be made here is left for the driver to report.
 */
function createPrivately(path: string): void {
  if (path === ':memory:' || path.startsWith('file:')) return;
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch {
    // There already (EEXIST), or the driver's open says why not (a missing directory).
  }
}

/** The SQLite store; `readOnly` opens an existing file only to read its schema (`svc-sync migrate --check`). */
export function openSqliteStore(
  path: string,
  options: SqliteStoreOptions = {},
  readOnly = false,
): MaintainedStore {
  const driver = sqliteDriver(options.driver);
  let db: ReturnType<typeof driver.open> | undefined;
  let inPlace: () => void;
  try {
    if (!readOnly) createPrivately(path);
    db = driver.open(path, readOnly);
    configureConnection(db, options.busyTimeoutMs ?? 5_000, readOnly);
    inPlace = fileWatch(path);
  } catch (error) {
    try {
      db?.close();
    } catch {
      // The open failure below is the one to tell.
    }
    const translated = translateSqlite(error, path);
    if (translated !== error) throw translated;
    throw new StoreUnavailableError(`cannot open ${path} as a SQLite store: ${(error as Error).message}`);
  }
  const guard: SqliteGuard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A): Promise<Awaited<R>> => {
      try {
        inPlace();
        return await fn(...args);
      } catch (error) {
        throw translateSqlite(error, path);
      }
    };
  let statements: ReturnType<typeof prepareStatements> | undefined;
  const ready = () => {
    statements ??= prepareStatements(db);
    return statements;
  };
  const stepDays = sqliteStepDays(db);
  const parts = {
    db,
    guard,
    ready,
    schema: sqliteSchema(db, path),
    stepDays,
    erasure: sqliteErasure(db, stepDays),
  };
  let closed = false;
  return {
    ...sqliteMaintenanceMethods(parts),
    ...sqliteUserMethods(parts),
    ...sqliteWindowMethods(parts),
    ...sqliteReadMethods(parts),
    ...sqliteLabMethods(parts),
    ...sqliteErasureMethods(parts),
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

/** The embedded store: one SQLite file holding checkpoints and data. `openStore('sqlite:…')` also migrates it. */
export function createSqliteStore(path: string, options: SqliteStoreOptions = {}): SyncStore {
  return openSqliteStore(path, options);
}
