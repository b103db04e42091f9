// How the store sets up every SQLite connection it opens, the same whichever driver opened it.
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * SQLite's page cache, per connection: SQLite's own default, 2 MB. better-sqlite3 is built with 16 MB,
 * which a backfill filled within its first minutes as the file grew: 16 MB more resident memory for no
 * measurable gain, since an upsert touches a few pages of one user's rows (the rest is the OS's cache).
 */
const PAGE_CACHE = 'PRAGMA cache_size = -2000';

/** Lock waits, the page cache, and for a store that writes, WAL with commits synced at checkpoints. */
export function configureConnection(db: SqliteDatabase, busyTimeoutMs: number, readOnly: boolean): void {
  db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  db.exec(PAGE_CACHE);
  if (!readOnly) db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
}
