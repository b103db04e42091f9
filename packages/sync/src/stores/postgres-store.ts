// The shared store: checkpoints and data in PostgreSQL through pg's pool, safe for several processes.
// A server that goes away (restart, failover) fails calls with StoreUnavailableError, never crashes the
// process, and the same store works again once the server is back.
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import type pg from 'pg';
import { isConnectionFailure, redactUrl, translatePg } from './postgres/pg-errors.js';
import { postgresErasure } from './postgres/postgres-erasure.js';
import { postgresSchema } from './postgres/postgres-schema.js';
import { mergedDays, readStepPage } from './postgres/postgres-step-days.js';
import { commitStatements } from './postgres/upsert-rows.js';
import { CLIENT_ID, LAB_EVENTS_USER, OLDEST_PENDING, userCoverageQuery } from './shared-queries.js';
import {
  coveredUntil,
  laterOf,
  planDecision,
  type SyncStore,
  type SyncWindow,
  type WindowKey,
} from './store.js';
import type { MaintainedStore } from './store-maintenance.js';
import {
  type CoverageColumns,
  coverageOf,
  failedWindowOf,
  isoOf,
  keyValues,
  labOrderEventOf,
  labOrderOf,
  type NewestSummary,
  parsingJobOf,
  resourceStatuses,
  summaryOf,
  syncStatusOf,
  userOf,
  type WindowKeyColumns,
  type WindowTotals,
  windowOf,
} from './store-rows.js';
import { assertFingerprint } from './team-fingerprint.js';

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

const KEY = 'user_id = $1 AND resource = $2 AND provider = $3 AND start_date = $4 AND end_date = $5';
const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

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
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch((error: unknown) => {
      throw translatePg(error, url);
    });
    // A checked-out client has no pool listener: a server shutting down between two statements
    // (57P01) would be an unhandled 'error' event, which ends the process. It is recorded instead,
    // and the next statement fails with it.
    let lost: unknown;
    const onError = (error: unknown) => {
      lost ??= error;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (isConnectionFailure(error)) lost ??= error;
      if (lost === undefined) await client.query('ROLLBACK').catch(() => {});
      throw translatePg(error, url);
    } finally {
      // Released with its error, a broken connection is discarded rather than handed out again; the
      // pool puts its own listener on before this one comes off.
      client.release(lost === undefined ? undefined : (lost as Error));
      client.off('error', onError);
    }
  }
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    try {
      return await pool.query<R>(text, values);
    } catch (error) {
      throw translatePg(error, url);
    }
  };
  /** A read's rows as the store's objects: the columns read are those `map` takes. */
  const rowsOf = async <R extends pg.QueryResultRow, T>(
    text: string,
    values: unknown[],
    map: (row: R) => T,
  ) => (await query<R>(text, values)).rows.map(map);
  /** The windows of one status after `after`, in key order. */
  const windowsIn = <R extends WindowKeyColumns, T>(
    status: 'pending' | 'failed',
    limit: number,
    after: WindowKey | undefined,
    map: (row: R) => T,
  ) =>
    rowsOf(
      `SELECT *${status === 'failed' ? `, ${CLIENT_ID}` : ''} FROM svc_windows
         WHERE status = '${status}' AND (user_id, resource, provider, start_date, end_date) > ($1, $2, $3, $4, $5)
         ORDER BY user_id, resource, provider, start_date, end_date LIMIT $6`,
      [...(after ? keyValues(after) : ['', '', '', '', '']), limit],
      map,
    );
  const schema = postgresSchema(query, inTransaction, redactUrl(url));
  const erasure = postgresErasure(query, inTransaction);
  let closed = false;

  return {
    migrate: () => schema.migrate(),
    schema: () => schema.state(),
    async bindTeam(fingerprint: string) {
      assertFingerprint(fingerprint);
      await schema.bindTeam(fingerprint);
    },
    rebindTeam(fingerprint: string) {
      assertFingerprint(fingerprint);
      return schema.rebindTeam(fingerprint);
    },
    async saveUser(user) {
      await inTransaction(async (client) => {
        if (await erasure.refuse(client, user)) return;
        await client.query(
          `INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (client_user_id) DO UPDATE SET user_id = excluded.user_id, providers = excluded.providers,
           error = excluded.error, updated_at = excluded.updated_at`,
          [user.clientUserId, user.userId, JSON.stringify(user.providers), user.error],
        );
      });
    },
    async findUser(clientUserId) {
      const [user] = await rowsOf(
        'SELECT client_user_id, user_id, providers, error FROM svc_users WHERE client_user_id = $1',
        [clientUserId],
        userOf,
      );
      return user;
    },
    planWindows(windows, planOptions) {
      const force = planOptions?.force ?? false;
      return inTransaction(async (client) => {
        const owed: SyncWindow[] = [];
        // An erased user's windows are not planned (each user's refusal counted once per call).
        const refused = new Map<string, boolean>();
        for (const window of windows) {
          if (!refused.has(window.userId))
            refused.set(
              window.userId,
              (await erasure.refuse(client, { userId: window.userId })) !== undefined,
            );
          if (refused.get(window.userId)) continue;
          const inserted = await client.query(
            `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'pending', 1, now()) ON CONFLICT DO NOTHING RETURNING generation`,
            [...keyValues(window), window.asOf],
          );
          if (inserted.rowCount) {
            owed.push({ ...window, generation: 1 });
            continue;
          }
          const { rows } = await client.query<{ status: string; as_of: Date; covered_until: Date | null }>(
            `SELECT status, as_of, covered_until FROM svc_windows WHERE ${KEY} FOR UPDATE`,
            keyValues(window),
          );
          const row = rows[0];
          const existing = row && {
            status: row.status,
            asOf: iso(row.as_of) as string,
            coveredUntil: iso(row.covered_until),
          };
          const decision = planDecision(existing, window, force);
          if (decision === 'skip') continue;
          const asOf = laterOf(existing?.asOf ?? window.asOf, window.asOf);
          const updated = await client.query<{ generation: number }>(
            decision === 'keep'
              ? // A pending window keeps the time it was first owed (`status` tells how long work has waited).
                `UPDATE svc_windows SET as_of = $6 WHERE ${KEY} RETURNING generation`
              : `UPDATE svc_windows SET status = 'pending', as_of = $6, generation = generation + 1, error = NULL,
                 error_status = NULL, error_message = NULL, updated_at = now() WHERE ${KEY} RETURNING generation`,
            [...keyValues(window), asOf],
          );
          owed.push({ ...window, asOf, generation: updated.rows[0]?.generation ?? 1 });
        }
        return owed;
      });
    },
    pendingWindows: (limit, after) => windowsIn('pending', limit, after, windowOf),
    failedWindows: (limit, after) => windowsIn('failed', limit, after, failedWindowOf),
    async failedUsers(limit, after) {
      return rowsOf(
        `SELECT client_user_id, user_id, providers, error FROM svc_users
         WHERE error IS NOT NULL AND client_user_id > $1 ORDER BY client_user_id LIMIT $2`,
        [after ?? '', limit],
        userOf,
      );
    },
    async saveLabOrderEvent(event) {
      let n = 0;
      const at = new Date(event.occurredAt).toISOString();
      const data = JSON.stringify(event.data);
      await inTransaction(async (client) => {
        await client.query(
          `INSERT INTO svc_lab_order_events (order_id, user_id, occurred_at, status, event_type, data) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [event.orderId, event.userId, at, event.status, event.eventType, data],
        );
        await client.query(
          `INSERT INTO svc_lab_orders (order_id, user_id, status, updated_at, data) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (order_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_lab_orders.user_id),
           status = excluded.status, updated_at = excluded.updated_at, data = excluded.data
           WHERE excluded.updated_at >= svc_lab_orders.updated_at`,
          [event.orderId, event.userId, event.status, at, data],
        );
        await client.query(
          LAB_EVENTS_USER.replaceAll('?', () => `$${++n}`),
          [event.orderId, event.orderId],
        );
      });
    },
    async readLabOrders(limit, after) {
      return rowsOf(
        'SELECT * FROM svc_lab_orders WHERE order_id > $1 ORDER BY order_id LIMIT $2',
        [after ?? '', limit],
        labOrderOf,
      );
    },
    async readLabOrderEvents(orderId, limit) {
      return rowsOf(
        `SELECT e.order_id, e.occurred_at, e.status, e.event_type, e.data, coalesce(e.user_id, o.user_id) AS user_id FROM svc_lab_order_events e LEFT JOIN svc_lab_orders o ON o.order_id = e.order_id
         WHERE e.order_id = $1 ORDER BY e.occurred_at, e.status LIMIT $2`,
        [orderId, limit],
        labOrderEventOf,
      );
    },
    async saveParsingJob(job) {
      await query(
        `INSERT INTO svc_parsing_jobs (job_id, user_id, status, updated_at, stored_at, job) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (job_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_parsing_jobs.user_id),
         status = excluded.status, updated_at = excluded.updated_at, stored_at = excluded.stored_at, job = excluded.job
         WHERE excluded.updated_at >= svc_parsing_jobs.updated_at`,
        [
          job.jobId,
          job.userId,
          job.status,
          new Date(job.updatedAt).toISOString(),
          new Date(job.storedAt).toISOString(),
          JSON.stringify(job.job),
        ],
      );
    },
    async readParsingJobs(limit, after) {
      return rowsOf(
        'SELECT * FROM svc_parsing_jobs WHERE job_id > $1 ORDER BY job_id LIMIT $2',
        [after ?? '', limit],
        parsingJobOf,
      );
    },
    async readUsers(limit, after) {
      return rowsOf(
        `SELECT client_user_id, user_id, providers, error FROM svc_users
         WHERE user_id IS NOT NULL AND client_user_id > $1 ORDER BY client_user_id LIMIT $2`,
        [after ?? '', limit],
        userOf,
      );
    },
    readSteps: (limit, after, since) => readStepPage(query, limit, after, since),
    async readSummaries(limit, after, since) {
      return rowsOf(
        `SELECT resource, user_id, provider, calendar_date, data FROM svc_summaries
         WHERE (resource, user_id, provider, calendar_date) > ($1, $2, $3, $4) AND fetched_at > $6
         ORDER BY resource, user_id, provider, calendar_date LIMIT $5`,
        [
          ...(after ? [after.resource, after.userId, after.provider, after.calendarDate] : ['', '', '', '']),
          limit,
          since ?? '-infinity',
        ],
        summaryOf,
      );
    },
    async resourceStatus() {
      const steps = (await query<{ newest: Date | null }>('SELECT max(last_end) AS newest FROM svc_steps'))
        .rows[0];
      const summaries = await query<NewestSummary>(
        'SELECT resource, max(calendar_date) AS newest FROM svc_summaries GROUP BY resource',
      );
      const totals = await query<WindowTotals>(
        `SELECT resource, max(as_of) AS as_of, count(*) FILTER (WHERE status = 'pending') AS pending,
         count(*) FILTER (WHERE status = 'failed') AS failed,
         min(updated_at) FILTER (WHERE status = 'pending') AS pending_since FROM svc_windows GROUP BY resource`,
      );
      const oldest = await query<WindowKeyColumns & { client_user_id: string | null }>(OLDEST_PENDING);
      const newestStep = steps?.newest ? isoOf(steps.newest) : null;
      return resourceStatuses(newestStep, summaries.rows, totals.rows, oldest.rows);
    },
    userCoverage: (limit, after) =>
      rowsOf(
        userCoverageQuery('(w.end_date::date - w.start_date::date + 1)', '($1, $2, $3)', '$4'),
        [...(after ? [after.userId, after.resource, after.provider] : ['', '', '']), limit],
        (row: CoverageColumns) => coverageOf(row),
      ),
    clearFailedWindows(windows) {
      return inTransaction(async (client) => {
        let cleared = 0;
        for (const window of windows) {
          // Dealt with by an operator: done, covered to the window's last day (or its run end time), nothing stored.
          const result = await client.query(
            `UPDATE svc_windows SET status = 'done', updated_at = now(),
             covered_until = least(as_of, (end_date::date + 1)::timestamp AT TIME ZONE 'UTC')
             WHERE ${KEY} AND status = 'failed'`,
            keyValues(window),
          );
          cleared += result.rowCount ?? 0;
        }
        return cleared;
      });
    },
    async clearFailedUsers(clientUserIds) {
      const result = await query(
        'DELETE FROM svc_users WHERE client_user_id = ANY($1) AND error IS NOT NULL',
        [clientUserIds],
      );
      return result.rowCount ?? 0;
    },
    async commitWindow(window, rows, fetchedAt) {
      await inTransaction(async (client) => {
        // One round trip: the erasure lock and key, the day rows' locks and their stored days.
        const { days, preludeRows } = await mergedDays(client, rows.steps, fetchedAt, erasure.refusePrelude);
        const keyRows = preludeRows as { value: string }[];
        if (await erasure.refuseWithKey(client, keyRows, { userId: window.userId })) return;
        const done = {
          sql: `UPDATE svc_windows SET status = 'done', covered_until = ?, updated_at = now()
                WHERE ${KEY.replace(/\$\d+/g, '?')} AND generation = ?`,
          values: [coveredUntil(window), ...keyValues(window), window.generation ?? 1],
        };
        // One statement for the window's rows and its checkpoint while they fit (multi-row upserts).
        for (const statement of commitStatements(days, rows.summaries, fetchedAt, done))
          await client.query(statement.text, statement.values);
      });
    },
    async failWindow(window, failure) {
      await inTransaction(async (client) => {
        if (await erasure.refuse(client, { userId: window.userId })) return;
        await client.query(
          `UPDATE svc_windows SET status = 'failed', error = $6, error_status = $7, error_message = $8, updated_at = now()
           WHERE ${KEY}`,
          [...keyValues(window), failure.error, failure.status, failure.message],
        );
      });
    },
    eraseUser: (ids) => erasure.eraseUser(ids),
    forgetProvider: (userId, provider) => erasure.forgetProvider(userId, provider),
    retain: (resource, cutoff) => erasure.retain(resource, cutoff),
    allowUser: (clientUserId) => erasure.allowUser(clientUserId),
    refuseErased: (ids) => inTransaction((client) => erasure.refuse(client, ids)),
    scrub: (tables) => erasure.scrub(tables),
    async writeMeta(key: string, value: string | null) {
      if (value === null) await query('DELETE FROM svc_meta WHERE key = $1', [key]);
      else
        await query(
          'INSERT INTO svc_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [key, value],
        );
    },
    // The server's snapshot (next transaction id, those in progress) moves when any transaction that
    // wrote begins or ends; a read-only one takes no transaction id and leaves it as it was.
    async changeMark() {
      return (
        (await query<{ mark: string }>('SELECT pg_current_snapshot()::text AS mark')).rows[0]?.mark ?? ''
      );
    },
    async readRows<R>(sql: string, params: readonly (string | number)[] = []) {
      let n = 0;
      // The console's SQL is written once with SQLite's `?`; pg numbers its parameters.
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await query(text, [...params])).rows as R[];
    },
    async status() {
      const count = async (sql: string) => (await query<{ n: string }>(sql)).rows[0]?.n;
      return syncStatusOf({
        // Each day row counts its points: a status counts points, as when each was a row.
        steps: await count('SELECT coalesce(sum(n), 0) AS n FROM svc_steps'),
        summaries: (
          await query<{ resource: string; n: string }>(
            'SELECT resource, count(*) AS n FROM svc_summaries GROUP BY resource',
          )
        ).rows,
        windows: (
          await query<{ status: string; n: string }>(
            'SELECT status, count(*) AS n FROM svc_windows GROUP BY status',
          )
        ).rows,
        failedUsers: await count('SELECT count(*) AS n FROM svc_users WHERE error IS NOT NULL'),
      });
    },
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
