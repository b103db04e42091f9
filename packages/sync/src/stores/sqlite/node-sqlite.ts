// Node's built-in SQLite (node:sqlite, Node 22.13+ without a flag). Node 22 prints an ExperimentalWarning
// the first time it loads; that one warning is kept from the partner's terminal, every other passes.
import type { DriverLoad, SqliteDatabase, SqlValue } from './sqlite-database.js';

// The part of node:sqlite the store uses (@types/node 20 has no types for it).
interface NodeStatement {
  run(...params: SqlValue[]): unknown;
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}
interface NodeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}
interface NodeSqlite {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => NodeDatabase;
}

const isSqliteWarning = (warning: unknown, type: unknown) =>
  type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(String(warning));

/**
 * Loads node:sqlite with the one ExperimentalWarning it emits suppressed: process.emitWarning is wrapped
 * only while this synchronous load runs (the warning is emitted during it), and restored after.
 */
function requireNodeSqlite(): NodeSqlite | undefined {
  // Node 20.16+ and 22.3+; older Nodes have no node:sqlite either.
  if (typeof process.getBuiltinModule !== 'function') return undefined;
  const emitWarning = process.emitWarning;
  process.emitWarning = function filtered(this: unknown, warning: unknown, ...rest: unknown[]) {
    const options = rest[0];
    const type =
      typeof options === 'object' && options !== null ? (options as { type?: unknown }).type : options;
    if (isSqliteWarning(warning, type)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined;
  } catch {
    return undefined; // Node 22.5 to 22.12 keep it behind --experimental-sqlite
  } finally {
    process.emitWarning = emitWarning;
  }
}

const wrap = (db: NodeDatabase): SqliteDatabase => ({
  exec: (sql) => db.exec(sql),
  prepare(sql) {
    const statement = db.prepare(sql);
    return {
      run: (...params) => void statement.run(...params),
      get: <R>(...params: SqlValue[]) => statement.get(...params) as R | undefined,
      all: <R>(...params: SqlValue[]) => statement.all(...params) as R[],
    };
  },
  close: () => db.close(),
});

let loaded: DriverLoad | undefined;

export function loadNodeSqlite(): DriverLoad {
  if (loaded) return loaded;
  const sqlite = requireNodeSqlite();
  loaded = sqlite?.DatabaseSync
    ? {
        name: 'node:sqlite',
        open: (path, readOnly) => wrap(new sqlite.DatabaseSync(path, { readOnly })),
      }
    : { name: 'node:sqlite', unavailable: 'not in this Node (it needs 22.13 or newer)' };
  return loaded;
}
