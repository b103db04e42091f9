// The SQLite driver seam: the few calls the store makes, and what a driver is. One file per driver
// implements it (node-sqlite.ts, better-sqlite3.ts); driver.ts picks one.

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
