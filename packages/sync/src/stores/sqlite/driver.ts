// The SQLite driver seam: the few calls the store makes, one file per driver (node-sqlite.ts,
// better-sqlite3.ts). Node 22.13+ has SQLite built in (node:sqlite); Node 20 needs better-sqlite3.
import { StoreUnavailableError } from '../../errors.js';
import { loadBetterSqlite3 } from './better-sqlite3.js';
import { loadNodeSqlite } from './node-sqlite.js';

/** A value SQLite binds: both drivers refuse `undefined` and booleans. */
export type SqlValue = string | number | bigint | null;

export interface SqliteStatement {
  run(...params: SqlValue[]): void;
  get<R>(...params: SqlValue[]): R | undefined;
  all<R>(...params: SqlValue[]): R[];
}

/** One open SQLite connection. Calls are synchronous, as in both drivers. */
export interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

export type SqliteDriverName = 'node:sqlite' | 'better-sqlite3';

/** A driver that loaded: it opens a file (creating it unless `readOnly`). */
export interface SqliteDriver {
  name: SqliteDriverName;
  open(path: string, readOnly: boolean): SqliteDatabase;
}

/** Why a driver did not load, for the one message that names both. */
export type DriverLoad = SqliteDriver | { name: SqliteDriverName; unavailable: string };

/**
 * The driver to use: node:sqlite where Node has it (no native build to match the Node that runs it),
 * else better-sqlite3; `preferred` picks one. Fails with one message naming what to do.
 */
export function sqliteDriver(
  preferred?: SqliteDriverName,
  loaders: Record<SqliteDriverName, () => DriverLoad> = {
    'node:sqlite': loadNodeSqlite,
    'better-sqlite3': loadBetterSqlite3,
  },
): SqliteDriver {
  const order = preferred ? [loaders[preferred]] : [loaders['node:sqlite'], loaders['better-sqlite3']];
  const tried = order.map((load) => load());
  const driver = tried.find((load): load is SqliteDriver => 'open' in load);
  if (driver) return driver;
  throw new StoreUnavailableError(
    `no SQLite driver on Node ${process.versions.node} (${tried.map((t) => `${t.name}: ${'unavailable' in t ? t.unavailable : ''}`).join('; ')}): ` +
      'run on Node 22.13 or newer (SQLite built in), or install better-sqlite3 (npm install better-sqlite3)',
  );
}

/** Runs `work` in one write transaction, taken at once (BEGIN IMMEDIATE) so it never deadlocks midway. */
export function immediate<T>(db: SqliteDatabase, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite already rolled back (it does on some errors, e.g. a full disk): nothing is left open.
    }
    throw error;
  }
}

// SQLite's primary result codes (the low byte of an extended code) that the store tells apart.
const PRIMARY: Record<number, string> = {
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  26: 'SQLITE_NOTADB',
};

/**
 * An error's primary SQLite code (`SQLITE_BUSY`, …), whichever driver threw it: better-sqlite3 names the
 * extended code (`SQLITE_IOERR_WRITE`), node:sqlite gives its number (`errcode`).
 */
export function sqliteCode(error: unknown): string | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number') return PRIMARY[errcode & 0xff] ?? `SQLITE_${errcode & 0xff}`;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return code.split('_', 2).join('_');
  return undefined;
}
