// The shared store: checkpoints and data in PostgreSQL through pg's pool, safe for several processes.
// A server that goes away (restart, failover) fails calls with StoreUnavailableError, never crashes the
// process, and the same store works again once the server is back.
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import type pg from 'pg';
import { postgresErasureMethods } from './postgres/methods/postgres-erasure-methods.js';
import { postgresLabMethods } from './postgres/methods/postgres-lab-methods.js';
import { postgresMaintenanceMethods } from './postgres/methods/postgres-maintenance-methods.js';
import { postgresReadMethods } from './postgres/methods/postgres-read-methods.js';
import { postgresRefuseErased } from './postgres/methods/postgres-refuse-erased.js';
import { postgresStoreParts } from './postgres/methods/postgres-store-parts.js';
import { postgresUserMethods } from './postgres/methods/postgres-user-methods.js';
import { postgresWindowMethods } from './postgres/methods/postgres-window-methods.js';
import type { SyncStore } from './store.js';
import type { MaintainedStore } from './store-maintenance.js';

export interface PostgresStoreOptions {
  /** Connections kept open (default 10). */
  maxConnections?: number;
  /** How long getting a connection may take before the call fails with StoreUnavailableError (default 10 000 ms). */
  connectTimeoutMs?: number;
  /**
   * How long one statement may run before the server cancels it and the call fails with
   * StoreUnavailableError (default 60 000 ms, PostgreSQL's `statement_timeout`). A server that stops
   * answering altogether is given up on 5 s after that, by the store itself.
   */
  statementTimeoutMs?: number;
  /**
   * How long a statement waits for a lock another session holds before the call fails with
   * StoreUnavailableError (default 5 000 ms, as long as a SQLite store waits; `lock_timeout`).
   */
  lockTimeoutMs?: number;
  /** Every transaction read-only (the server refuses any write): for readers such as `openStoreReadOnly`. */
  readOnly?: boolean;
}

/** The deadlines a PostgreSQL store works under (README, "PostgreSQL going away"). */
export const POSTGRES_DEADLINES = {
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 60_000,
  lockTimeoutMs: 5_000,
  // The server ends a session of ours left inside a transaction (a process frozen between two statements).
  idleInTransactionMs: 60_000,
  // Past the server's own cancel: the server was given its chance to answer and did not.
  queryGraceMs: 5_000,
  // A connection whose peer vanished without closing it is probed after 10 s idle, not the OS's 2 hours.
  keepAliveInitialDelayMs: 10_000,
  // `close()` says goodbye to the server this long, then cuts the sockets a frozen server never closes.
  closeMs: 2_000,
} as const;

/** pg, loaded with the first PostgreSQL store: a process on SQLite never loads it (about 16 MB). */
let loaded: typeof pg | undefined;
const loadPg = () => {
  loaded ??= createRequire(import.meta.url)('pg') as typeof pg;
  return loaded;
};

/** The PostgreSQL store and what `svc-sync migrate` needs of it. */
export function openPostgresStore(url: string, options: PostgresStoreOptions = {}): MaintainedStore {
  const statementTimeoutMs = options.statementTimeoutMs ?? POSTGRES_DEADLINES.statementTimeoutMs;
  // Every wait on the server is bounded: a frozen server, a lock held by another session, a session of
  // ours stuck in a transaction and a socket whose peer vanished each end as StoreUnavailableError.
  // Parameters written in the URL (`?statement_timeout=…`) take precedence: pg reads them over these.
  // The store's own sockets, so that `close()` can cut those a server that stopped answering holds open.
  const sockets = new Set<Socket>();
  const pool = new (loadPg().Pool)({
    stream: () => {
      const socket = new Socket();
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      return socket;
    },
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? POSTGRES_DEADLINES.connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    lock_timeout: options.lockTimeoutMs ?? POSTGRES_DEADLINES.lockTimeoutMs,
    idle_in_transaction_session_timeout: POSTGRES_DEADLINES.idleInTransactionMs,
    // The client's own deadline: a server that stops answering (SIGSTOP, a dead host) sends no cancel.
    query_timeout: statementTimeoutMs + POSTGRES_DEADLINES.queryGraceMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_DEADLINES.keepAliveInitialDelayMs,
    ...(options.readOnly ? { options: '-c default_transaction_read_only=on' } : {}),
  });
  // An idle connection's error (the server went away) is pg-pool's to discard; the next call reconnects.
  pool.on('error', () => {});
  const parts = postgresStoreParts(pool, url);
  let closed = false;

  return {
    ...postgresMaintenanceMethods(parts),
    ...postgresUserMethods(parts),
    ...postgresWindowMethods(parts),
    ...postgresReadMethods(parts),
    ...postgresLabMethods(parts),
    ...postgresErasureMethods(parts),
    ...postgresRefuseErased(parts),
    async close() {
      if (closed) return;
      closed = true;
      const ended = pool.end();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), POSTGRES_DEADLINES.closeMs);
      });
      // A goodbye is answered by the server closing the socket: a frozen one never does.
      if ((await Promise.race([ended, late])) === 'late') for (const socket of sockets) socket.destroy();
      clearTimeout(timer);
      await ended;
    },
  };
}

/** The shared store: checkpoints and data in PostgreSQL. `openStore('postgres://…')` also migrates it. */
export function createPostgresStore(url: string, options: PostgresStoreOptions = {}): SyncStore {
  return openPostgresStore(url, options);
}
