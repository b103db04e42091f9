// What the PostgreSQL store's methods share: a query through the pool, a transaction on one of its
// connections, reads mapped to the store's objects, the schema and erasure. postgres-store.ts makes the
// pool; one file per concern (postgres-window-methods.ts, postgres-user-methods.ts, …) builds its
// methods on these.
import type pg from 'pg';
import { CLIENT_ID } from '../../shared-queries.js';
import type { WindowKey } from '../../store.js';
import type { MaintainedStore } from '../../store-maintenance.js';
import { keyValues, type WindowKeyColumns } from '../../store-rows.js';
import { isConnectionFailure, redactUrl, translatePg } from '../pg-errors.js';
import { postgresErasure } from '../postgres-erasure.js';
import { postgresSchema } from '../postgres-schema.js';

/** Some of a store's methods, by name. */
export type StoreMethods<K extends keyof MaintainedStore> = Pick<MaintainedStore, K>;

export type PostgresStoreParts = ReturnType<typeof postgresStoreParts>;

/** How a transaction starts: BEGIN on its own, or sent by `work` with its first statements (one round trip fewer). */
export interface TransactionStart {
  beganByWork?: boolean;
}

/** `work` in one transaction on one of the pool's connections; a lost connection is not handed out again. */
async function inTransactionOn<T>(
  pool: pg.Pool,
  url: string,
  work: (client: pg.PoolClient) => Promise<T>,
  start: TransactionStart = {},
): Promise<T> {
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
    if (!start.beganByWork) await client.query('BEGIN');
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

export function postgresStoreParts(pool: pg.Pool, url: string) {
  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>, start?: TransactionStart) =>
    inTransactionOn(pool, url, work, start);
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
  return { inTransaction, query, rowsOf, windowsIn, schema, erasure };
}
