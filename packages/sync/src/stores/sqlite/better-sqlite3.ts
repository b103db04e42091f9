// better-sqlite3, for Node 20 (no SQLite built in). An optional peer dependency: loaded only when asked
// for, so an install on Node 22 or 24 builds nothing native.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { DriverLoad, SqliteDatabase } from './sqlite-database.js';

const wrap = (db: BetterSqlite3.Database): SqliteDatabase => ({
  exec: (sql) => void db.exec(sql),
  prepare(sql) {
    const statement = db.prepare(sql);
    return {
      run: (...params) => void statement.run(...params),
      get: (...params) => statement.get(...params) as never,
      all: (...params) => statement.all(...params) as never,
    };
  },
  close: () => void db.close(),
});

let loaded: DriverLoad | undefined;

export function loadBetterSqlite3(): DriverLoad {
  if (loaded) return loaded;
  try {
    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    // The native addon loads with the first database: a build for another Node fails here, not later.
    new Database(':memory:').close();
    loaded = {
      name: 'better-sqlite3',
      open: (path, readOnly) => wrap(new Database(path, { readonly: readOnly, fileMustExist: readOnly })),
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    loaded = {
      name: 'better-sqlite3',
      unavailable:
        code === 'MODULE_NOT_FOUND'
          ? 'not installed'
          : `installed but does not load on this Node (${(error as Error).message.split('\n')[0]}); reinstall it (npm rebuild better-sqlite3)`,
    };
  }
  return loaded;
}
