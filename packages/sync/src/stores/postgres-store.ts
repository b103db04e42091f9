import pg from 'pg';
import { StoreUnavailableError } from '../errors.js';
import { RESOURCES } from '../resources.js';
import {
  coveredUntil,
  laterOf,
  planDecision,
  type StoredUser,
  type SyncStatus,
  type SyncStore,
  type SyncWindow,
  type WindowFailure,
  type WindowKey,
  type WindowRows,
} from '../store.js';
import { SCHEMA } from './schema.js';

export interface PostgresStoreOptions {
  /** Connections kept open (default 10). */
  maxConnections?: number;
}

const KEY = 'user_id = $1 AND resource = $2 AND provider = $3 AND start_date = $4 AND end_date = $5';
const keyOf = (w: WindowKey) => [w.userId, w.resource, w.provider, w.start, w.end];
const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

/** The URL as it may be shown: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

const PG_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '28P01',
  '28000',
  '3D000',
]);

function translate(error: unknown, url: string): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (PG_UNAVAILABLE.has(code))
    return new StoreUnavailableError(`cannot reach PostgreSQL at ${redactUrl(url)} (${code})`);
  return error;
}

/** The shared store: checkpoints and data in PostgreSQL, safe for several processes at once. */
export function createPostgresStore(url: string, options: PostgresStoreOptions = {}): SyncStore {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // An idle connection's error (the server went away) surfaces on the next query instead of crashing.
  pool.on('error', () => {});
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch((error: unknown) => {
      throw translate(error, url);
    });
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw translate(error, url);
    } finally {
      client.release();
    }
  }
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    try {
      return await pool.query<R>(text, values);
    } catch (error) {
      throw translate(error, url);
    }
  };

  return {
    async migrate() {
      // Two processes starting together must not race on CREATE TABLE: one advisory lock serialises them.
      await inTransaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(7310725)');
        await client.query(SCHEMA.postgres);
      });
    },
    async saveUser(user: StoredUser) {
      await query(
        `INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (client_user_id) DO UPDATE SET user_id = excluded.user_id, providers = excluded.providers,
         error = excluded.error, updated_at = excluded.updated_at`,
        [user.clientUserId, user.userId, JSON.stringify(user.providers), user.error],
      );
    },
    async findUser(clientUserId) {
      const { rows } = await query<{ user_id: string | null; providers: string; error: string | null }>(
        'SELECT user_id, providers, error FROM svc_users WHERE client_user_id = $1',
        [clientUserId],
      );
      const row = rows[0];
      return row
        ? {
            clientUserId,
            userId: row.user_id,
            providers: JSON.parse(row.providers) as string[],
            error: row.error,
          }
        : undefined;
    },
    planWindows(windows, planOptions) {
      const force = planOptions?.force ?? false;
      return inTransaction(async (client) => {
        const owed: SyncWindow[] = [];
        for (const window of windows) {
          const inserted = await client.query(
            `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'pending', 1, now()) ON CONFLICT DO NOTHING RETURNING generation`,
            [...keyOf(window), window.asOf],
          );
          if (inserted.rowCount) {
            owed.push({ ...window, generation: 1 });
            continue;
          }
          const { rows } = await client.query<{ status: string; as_of: Date; covered_until: Date | null }>(
            `SELECT status, as_of, covered_until FROM svc_windows WHERE ${KEY} FOR UPDATE`,
            keyOf(window),
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
              ? `UPDATE svc_windows SET as_of = $6, updated_at = now() WHERE ${KEY} RETURNING generation`
              : `UPDATE svc_windows SET status = 'pending', as_of = $6, generation = generation + 1, error = NULL,
                 error_status = NULL, error_message = NULL, updated_at = now() WHERE ${KEY} RETURNING generation`,
            [...keyOf(window), asOf],
          );
          owed.push({ ...window, asOf, generation: updated.rows[0]?.generation ?? 1 });
        }
        return owed;
      });
    },
    async pendingWindows(limit, after) {
      const { rows } = await query<{
        user_id: string;
        resource: string;
        provider: string;
        start_date: string;
        end_date: string;
        as_of: Date;
        generation: number;
      }>(
        `SELECT user_id, resource, provider, start_date, end_date, as_of, generation FROM svc_windows
         WHERE status = 'pending' AND (user_id, resource, provider, start_date, end_date) > ($1, $2, $3, $4, $5)
         ORDER BY user_id, resource, provider, start_date, end_date LIMIT $6`,
        [...(after ? keyOf(after) : ['', '', '', '', '']), limit],
      );
      return rows.map((row) => ({
        userId: row.user_id,
        resource: row.resource as SyncWindow['resource'],
        provider: row.provider,
        start: row.start_date,
        end: row.end_date,
        asOf: iso(row.as_of) as string,
        generation: row.generation,
      }));
    },
    async commitWindow(window: SyncWindow, rows: WindowRows, fetchedAt: string) {
      await inTransaction(async (client) => {
        // Batches keep each statement well under PostgreSQL's 65,535 parameters.
        for (let i = 0; i < rows.steps.length; i += 1_000) {
          const batch = rows.steps.slice(i, i + 1_000);
          const values: unknown[] = [];
          const tuples = batch.map((r, n) => {
            values.push(r.userId, r.provider, r.start, r.end, r.unit, r.value);
            const b = n * 6;
            return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${batch.length * 6 + 1})`;
          });
          await client.query(
            `INSERT INTO svc_steps (user_id, provider, start, "end", unit, value, fetched_at) VALUES ${tuples.join(', ')}
             ON CONFLICT (user_id, provider, start) DO UPDATE SET "end" = excluded."end", unit = excluded.unit,
             value = excluded.value, fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_steps.fetched_at`,
            [...values, fetchedAt],
          );
        }
        for (let i = 0; i < rows.summaries.length; i += 1_000) {
          const batch = rows.summaries.slice(i, i + 1_000);
          const values: unknown[] = [];
          const tuples = batch.map((r, n) => {
            values.push(r.resource, r.userId, r.provider, r.calendarDate, JSON.stringify(r.data));
            const b = n * 5;
            return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${batch.length * 5 + 1})`;
          });
          await client.query(
            `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at) VALUES ${tuples.join(', ')}
             ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
             fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at`,
            [...values, fetchedAt],
          );
        }
        await client.query(
          `UPDATE svc_windows SET status = 'done', covered_until = $6, updated_at = now() WHERE ${KEY} AND generation = $7`,
          [...keyOf(window), coveredUntil(window), window.generation ?? 1],
        );
      });
    },
    async failWindow(window: WindowKey, failure: WindowFailure) {
      await query(
        `UPDATE svc_windows SET status = 'failed', error = $6, error_status = $7, error_message = $8, updated_at = now()
         WHERE ${KEY}`,
        [...keyOf(window), failure.error, failure.status, failure.message],
      );
    },
    async status(): Promise<SyncStatus> {
      const rows: Record<string, number> = Object.fromEntries(RESOURCES.map((resource) => [resource, 0]));
      rows.steps = Number(
        (await query<{ n: string }>('SELECT count(*) AS n FROM svc_steps')).rows[0]?.n ?? 0,
      );
      for (const r of (
        await query<{ resource: string; n: string }>(
          'SELECT resource, count(*) AS n FROM svc_summaries GROUP BY resource',
        )
      ).rows)
        rows[r.resource] = Number(r.n);
      const counts = await query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM svc_windows GROUP BY status',
      );
      const count = (status: string) => Number(counts.rows.find((r) => r.status === status)?.n ?? 0);
      const failedUsers = Number(
        (await query<{ n: string }>('SELECT count(*) AS n FROM svc_users WHERE error IS NOT NULL')).rows[0]
          ?.n ?? 0,
      );
      return { rows, pending: count('pending'), failed: count('failed'), failedUsers };
    },
    async close() {
      await pool.end();
    },
  };
}
