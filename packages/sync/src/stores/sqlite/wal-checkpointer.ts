// Checkpoints off the main thread. In WAL mode a commit only appends to the `-wal` file; a checkpoint
// copies those pages into the database file and syncs both, and SQLite runs one inside the COMMIT that
// crosses 1,000 pages: the writer's event loop then waits on two fsyncs (up to ~100 ms on a shared
// machine), and a fleet sync's reads wait with it. Here the writer's own automatic checkpoint is only a
// backstop (a large WAL), and a worker thread with its own connection to the file runs SQLite's passive
// checkpoint when the WAL has grown, while the writer goes on. A checkpoint is crash-safe on any
// connection (SQLite's design), so nothing about what a commit guarantees changes.
// Written by hand: no library runs SQLite checkpoints on a thread; the worker's code is a few lines.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase, SqliteDriverName } from './sqlite-database.js';

/** SQLite's own point for a checkpoint: 1,000 pages of 4 KiB. */
const WAL_BYTES = 4 * 1024 * 1024;
/** The writer's own automatic checkpoint, when the worker falls behind (or is gone): 64 MiB of WAL. */
const BACKSTOP_PAGES = 16_384;
/** SQLite's default, back on the writer if the worker cannot run. */
const DEFAULT_PAGES = 1_000;
/** How often the writer asks at most, while it writes. */
const EVERY_MS = 100;

// Runs in the worker (CommonJS, evaluated): opens the file with the writer's driver, then one passive
// checkpoint per message, answering with SQLite's [busy, frames in the WAL, frames checkpointed].
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { path, driver, betterSqlite3 } = workerData;
let db;
if (driver === 'node:sqlite') {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    if (/^SQLite is an experimental feature/.test(String(warning))) return;
    return emitWarning.call(process, warning, ...rest);
  };
  try {
    db = new (process.getBuiltinModule('node:sqlite').DatabaseSync)(path);
  } finally {
    process.emitWarning = emitWarning;
  }
} else {
  db = new (require(betterSqlite3))(path, { fileMustExist: true });
}
db.exec('PRAGMA synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const row = checkpoint.get();
  parentPort.postMessage(row ? Object.values(row).map(Number) : []);
});
`;

/** A write store's checkpoints: `afterWrite` after each write, `close` before the connection closes. */
export interface WalCheckpointer {
  afterWrite(): void;
  close(): Promise<void>;
  /** Checkpoints the worker finished (for tests and the bench). */
  readonly done: number;
}

/**
 * Moves a write connection's checkpoints to a worker thread, started the first time its WAL reaches
 * SQLite's own point (a small store never starts one). If the worker cannot run, the writer checkpoints
 * itself again, as SQLite does by default.
 */
export function walCheckpointer(
  db: SqliteDatabase,
  path: string,
  driver: SqliteDriverName,
  walBytes = WAL_BYTES,
): WalCheckpointer {
  db.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let worker: Worker | undefined;
  let failed = false;
  let pending = false;
  let askedAt = 0;
  let done = 0;
  const fallBack = () => {
    failed = true;
    pending = false;
    worker = undefined;
    try {
      db.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_PAGES}`);
    } catch {
      // The connection is closing: nothing left to checkpoint on it.
    }
  };
  const start = () => {
    const started = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        path,
        driver,
        betterSqlite3:
          driver === 'better-sqlite3' ? createRequire(import.meta.url).resolve('better-sqlite3') : undefined,
      },
      // Its own isolate holds a connection and a prepared statement: a few MB at most.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    });
    started.unref();
    started.on('message', () => {
      pending = false;
      done++;
    });
    started.once('error', fallBack);
    started.once('exit', () => {
      if (worker === started) fallBack();
    });
    return started;
  };
  return {
    get done() {
      return done;
    },
    afterWrite() {
      if (failed || pending || path === ':memory:') return;
      const now = Date.now();
      if (now - askedAt < EVERY_MS) return;
      let size: number;
      try {
        size = statSync(`${path}-wal`).size;
      } catch {
        return;
      }
      if (size < walBytes) return;
      askedAt = now;
      worker ??= start();
      pending = true;
      worker.postMessage('checkpoint');
    },
    async close() {
      const closing = worker;
      worker = undefined;
      if (!closing) return;
      const exited = new Promise<void>((resolve) => closing.once('exit', () => resolve()));
      closing.postMessage('close');
      await exited;
    },
  };
}
