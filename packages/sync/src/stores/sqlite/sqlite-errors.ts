// SQLite's failures as the sync's typed ones. The path is the user's own, so messages name it.
import { statSync } from 'node:fs';
import { StoreLockedError, StoreUnavailableError } from '../../errors/errors.js';
import { sqliteCode } from './driver.js';

// The file cannot be used: it is not there, not a database, read-only, or the disk failed or is full.
const UNAVAILABLE = new Set([
  'SQLITE_CANTOPEN',
  'SQLITE_NOTADB',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CORRUPT',
]);

/** Turns a driver's busy and file errors into StoreLockedError and StoreUnavailableError; others pass. */
export function translateSqlite(error: unknown, path: string): unknown {
  const code = sqliteCode(error);
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
    return new StoreLockedError(
      `${path} is locked by another process (another svc-sync run?); try again when it ends`,
    );
  if (code && UNAVAILABLE.has(code))
    return new StoreUnavailableError(`cannot use ${path} as a SQLite store: ${(error as Error).message}`);
  return error;
}

/**
 * Watches that the file opened is still the one at its path. A file deleted or moved while open keeps
 * taking writes (SQLite writes to the unlinked file, in WAL mode without an error), and they are lost at
 * close: every call checks first and fails instead.
 */
export function fileWatch(path: string): () => void {
  if (path === ':memory:' || path === '') return () => {};
  const opened = statSync(path);
  return () => {
    let now: ReturnType<typeof statSync>;
    try {
      now = statSync(path, { throwIfNoEntry: false });
    } catch (error) {
      throw new StoreUnavailableError(`cannot see ${path} any more: ${(error as Error).message}`);
    }
    if (!now || now.ino !== opened.ino || now.dev !== opened.dev)
      throw new StoreUnavailableError(
        `${path} was ${now ? 'replaced' : 'deleted or moved'} while the store had it open: nothing more is ` +
          'written to it; put the file back, or start again with a new store',
      );
  };
}
