// The store's floor: the SQL one backfill ran, recorded at the SQLite driver seam (whichever driver this
// Node uses) and replayed raw, with nothing around it (no engine, no points to read, no day rows to
// build): what SQLite itself costs, so the engine bench can tell SQLite's share of its CPU per request
// from the rest. Replayed twice over: every call as recorded, and the data rows alone (the steps day rows
// and the summaries, in the same transactions), the least that storing the answers costs in this layout.
// A replay starts from an empty file and runs the store's own set-up too (its pragmas and schema, once),
// and reads back what the backfill read (the same rows, in the same
// order), so each call does the work it did.
import { sqliteDriver } from '../src/stores/sqlite/driver.js';
import type { SqliteDatabase, SqlValue } from '../src/stores/sqlite/sqlite-database.js';
import { removeSqliteFiles } from './fleet-parts.js';

type Call = { kind: 'exec'; sql: string } | { kind: 'run' | 'get' | 'all'; sql: string; params: SqlValue[] };

/**
 * Runs `work` with every connection it opens recording each call, and gives the calls back; the driver
 * is as it was before and after (the timed rounds run on plain connections).
 */
export async function recordCalls(work: () => Promise<void>): Promise<Call[]> {
  const driver = sqliteDriver();
  const open = driver.open;
  const calls: Call[] = [];
  let opened = 0;
  driver.open = (path, readOnly) => {
    // One connection's calls, in its order: a second would interleave with the first in one replay.
    if (++opened > 1) throw new Error('the store floor records one connection; a second was opened');
    const db = open(path, readOnly);
    const recorded =
      (kind: 'run' | 'get' | 'all', sql: string, statement: ReturnType<SqliteDatabase['prepare']>) =>
      (...params: SqlValue[]) => {
        calls.push({ kind, sql, params });
        return statement[kind](...params) as never;
      };
    return {
      exec(sql) {
        calls.push({ kind: 'exec', sql });
        db.exec(sql);
      },
      prepare(sql) {
        const statement = db.prepare(sql);
        return {
          run: recorded('run', sql, statement),
          get: recorded('get', sql, statement),
          all: recorded('all', sql, statement),
        };
      },
      close: () => db.close(),
    };
  };
  try {
    await work();
  } finally {
    driver.open = open;
  }
  return calls;
}

const DATA_ROW = /^INSERT INTO svc_(steps|summaries) /;

/** The data rows, with the set-up and the transactions around them (every exec); every other statement left out. */
export const dataRowsOnly = (calls: readonly Call[]) =>
  calls.filter((call) => call.kind === 'exec' || DATA_ROW.test(call.sql));

/** Replays `calls` into a new file at `path`, each statement prepared once; CPU µs in all. */
export function replayCalls(calls: readonly Call[], path: string): number {
  const db = sqliteDriver().open(path, false);
  const prepared = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const cpu = process.cpuUsage();
  for (const call of calls) {
    if (call.kind === 'exec') {
      db.exec(call.sql);
      continue;
    }
    let statement = prepared.get(call.sql);
    if (!statement) {
      statement = db.prepare(call.sql);
      prepared.set(call.sql, statement);
    }
    statement[call.kind](...call.params);
  }
  const used = process.cpuUsage(cpu);
  db.close();
  removeSqliteFiles(path);
  return used.user + used.system;
}
