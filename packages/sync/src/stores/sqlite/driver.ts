// Picks the SQLite driver: node:sqlite where Node has it (22.13+), else better-sqlite3 (Node 20); and
// what the store does the same on both (its write transaction, reading an error's SQLite code).
import { StoreUnavailableError } from '../../errors/errors.js';
import { loadBetterSqlite3 } from './better-sqlite3.js';
import { loadNodeSqlite } from './node-sqlite.js';
import type { DriverLoad, SqliteDatabase, SqliteDriver, SqliteDriverName } from './sqlite-database.js';

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
