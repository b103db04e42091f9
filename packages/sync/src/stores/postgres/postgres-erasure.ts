// Erasure on PostgreSQL: deletes in one transaction under an exclusive advisory lock that every write
// holds shared (so no write lands between an erasure's deletes and its tombstone), tombstones, and the
// scrub: VACUUM (FULL, ANALYZE) of the touched tables rewrites their files, indexes and TOAST.
import type pg from 'pg';
import { StoreVersionError } from '../../errors/errors.js';
import type { ResourceName } from '../../resources.js';
import {
  type EraseStatement,
  eraseUserStatements,
  forgetProviderStatements,
  numbered,
  retentionStatements,
  retentionTrim,
  USER_TABLES,
  unknownTables,
} from '../erasure-plan.js';
import { SCHEMA_VERSION } from '../migrations/migrations.js';
import type { ScrubResult, StoreErasure } from '../store.js';
import { ERASURE_KEY, type ErasedIds, hashesOf, newErasureKey } from '../tombstone-hash.js';
import { coalescedCalls } from './coalesced-calls.js';
import { trimStepDay } from './postgres-step-days.js';

type Query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;
type InTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

// Held exclusively by an erasure's transaction, shared by every write's: the two never interleave.
const ERASURE_LOCK = 7310726;
const STORE = { kind: 'postgres', schemaVersion: SCHEMA_VERSION } as const;

type ErasureParts = ReturnType<typeof erasureParts>;

async function run(client: pg.PoolClient, statements: EraseStatement[]) {
  const removed: Record<string, number> = {};
  for (const statement of statements) {
    const result = await client.query<Record<string, number | string>>(
      numbered(statement.sql),
      statement.values,
    );
    const count = statement.counts;
    const n =
      count === undefined
        ? (result.rowCount ?? 0)
        : result.rows.reduce((sum, row) => sum + Number(row[count]), 0);
    removed[statement.table] = (removed[statement.table] ?? 0) + n;
  }
  return removed;
}

/** In one transaction under the exclusive lock, after refusing a schema with a table erasure does not know. */
function erasing<T>(inTransaction: InTransaction, work: (client: pg.PoolClient) => Promise<T>) {
  return inTransaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [ERASURE_LOCK]);
    const { rows } = await client.query<{ tablename: string }>(
      'SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema()',
    );
    const unknown = unknownTables(rows.map((row) => row.tablename));
    if (unknown.length > 0)
      throw new StoreVersionError(
        `the store has tables this @svc/sync's erasure does not know (${unknown.join(', ')}): upgrade @svc/sync; nothing was deleted`,
        SCHEMA_VERSION,
        SCHEMA_VERSION,
      );
    return work(client);
  });
}

/** The erasure key (read once) and a write's refusal. */
function erasureParts() {
  let key: string | undefined;
  const readKey = async (read: Query) => {
    key ??= (await read<{ value: string }>('SELECT value FROM svc_meta WHERE key = $1', [ERASURE_KEY]))
      .rows[0]?.value;
    return key;
  };
  /** The tombstone of `ids` with the refusal counted, once the shared lock is held and the key read. */
  const refuseWith = async (
    read: Query,
    k: string | undefined,
    ids: ErasedIds,
  ): Promise<string | undefined> => {
    if (!k) return undefined; // no erasure ever ran here
    const hashes = hashesOf(k, ids);
    if (!hashes.client && !hashes.user) return undefined;
    const { rows } = await read<{ client_hash: string }>(
      `UPDATE svc_tombstones SET refused = refused + 1, last_refused_at = now()
       WHERE client_hash = $1 OR user_hash = $2 RETURNING client_hash`,
      [hashes.client ?? null, hashes.user ?? null],
    );
    return rows[0]?.client_hash;
  };
  /** Inside a write's transaction: takes the shared lock, and gives the tombstone with the refusal counted. */
  const refuse = async (client: pg.PoolClient, ids: ErasedIds): Promise<string | undefined> => {
    await client.query('SELECT pg_advisory_xact_lock_shared($1)', [ERASURE_LOCK]);
    const read: Query = (text, values) => client.query(text, values);
    return refuseWith(read, await readKey(read), ids);
  };
  const refuseWithKey = (client: pg.PoolClient, keyRows: readonly { value: string }[], ids: ErasedIds) => {
    key ??= keyRows[0]?.value;
    return refuseWith((text, values) => client.query(text, values), key, ids);
  };
  /**
   * Outside a write, for several checks at once (a worker's jobs starting together): no transaction and
   * no lock; the key and the tombstones matching any check read once each, and only a match refused (and
   * counted) on its own. Asked before work starts (a worker's job, a backfill's user); every write checks
   * again under the lock (`refuse`), so a check that misses an erasure still running only lets the work
   * start, never lets a row in.
   */
  const refuseOutsideMany = async (query: Query, checks: readonly ErasedIds[]) => {
    const k = await readKey(query);
    if (!k) return checks.map(() => undefined);
    const hashes = checks.map((ids) => hashesOf(k, ids));
    const { rows } = await query<{ client_hash: string; user_hash: string | null }>(
      'SELECT client_hash, user_hash FROM svc_tombstones WHERE client_hash = ANY($1) OR user_hash = ANY($2)',
      [hashes.flatMap((h) => h.client ?? []), hashes.flatMap((h) => h.user ?? [])],
    );
    const erased = new Set(rows.flatMap((row) => [row.client_hash, row.user_hash]));
    return Promise.all(
      checks.map((ids, i) => {
        const { client, user } = hashes[i] ?? {};
        return (client && erased.has(client)) || (user && erased.has(user))
          ? refuseWith(query, k, ids)
          : undefined;
      }),
    );
  };
  return { readKey, refuse, refuseWithKey, refuseOutsideMany };
}

function eraseUser(
  inTransaction: InTransaction,
  { readKey }: ErasureParts,
  ids: { clientUserId: string; userId?: string | null },
): Promise<StoreErasure> {
  return erasing(inTransaction, async (client) => {
    await client.query('INSERT INTO svc_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      ERASURE_KEY,
      newErasureKey(),
    ]);
    const erasureKey = (await readKey((text, values) => client.query(text, values))) as string;
    const userId =
      ids.userId ??
      (
        await client.query<{ user_id: string | null }>(
          'SELECT user_id FROM svc_users WHERE client_user_id = $1',
          [ids.clientUserId],
        )
      ).rows[0]?.user_id ??
      null;
    const removed = await run(client, eraseUserStatements(ids.clientUserId, userId));
    const hashes = hashesOf(erasureKey, { clientUserId: ids.clientUserId, userId });
    await client.query(
      `INSERT INTO svc_tombstones (client_hash, user_hash, erased_at) VALUES ($1, $2, now())
       ON CONFLICT (client_hash) DO UPDATE SET user_hash = coalesce(excluded.user_hash, svc_tombstones.user_hash),
       erased_at = excluded.erased_at`,
      [hashes.client, hashes.user ?? null],
    );
    return { removed, tombstone: hashes.client as string, store: STORE };
  });
}

function forgetProvider(
  inTransaction: InTransaction,
  userId: string,
  provider: string,
): Promise<StoreErasure> {
  return erasing(inTransaction, async (client) => {
    const removed = await run(client, forgetProviderStatements(userId, provider));
    const { rows } = await client.query<{ client_user_id: string; providers: string }>(
      'SELECT client_user_id, providers FROM svc_users WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    for (const user of rows)
      await client.query(
        'UPDATE svc_users SET providers = $1, updated_at = now() WHERE client_user_id = $2',
        [
          JSON.stringify((JSON.parse(user.providers) as string[]).filter((p) => p !== provider)),
          user.client_user_id,
        ],
      );
    return { removed, tombstone: null, store: STORE };
  });
}

function retain(inTransaction: InTransaction, resource: ResourceName, cutoff: string): Promise<StoreErasure> {
  return erasing(inTransaction, async (client) => {
    const removed = await run(client, retentionStatements(resource, cutoff));
    const trim = retentionTrim(resource, cutoff);
    if (trim)
      removed.svc_steps = (removed.svc_steps ?? 0) + (await trimStepDay(client, trim.day, trim.cutoff));
    return { removed, tombstone: null, store: STORE };
  });
}

async function allowUser(query: Query, { readKey }: ErasureParts, clientUserId: string): Promise<boolean> {
  const k = await readKey(query);
  if (!k) return false;
  const result = await query('DELETE FROM svc_tombstones WHERE client_hash = $1', [
    hashesOf(k, { clientUserId }).client,
  ]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Each table named is rewritten (VACUUM FULL holds an ACCESS EXCLUSIVE lock on it meanwhile: its reads
 * and writes wait) with fresh indexes and TOAST; ANALYZE replaces the statistics sampled from it.
 */
async function scrub(query: Query, tables: readonly string[]): Promise<ScrubResult> {
  const started = performance.now();
  const known = tables.filter((table) => table in USER_TABLES);
  if (known.length > 0) await query(`VACUUM (FULL, ANALYZE) ${known.join(', ')}`);
  return {
    method: 'postgres-vacuum-full',
    complete: true,
    tables: known,
    ms: Math.round(performance.now() - started),
  };
}

export function postgresErasure(query: Query, inTransaction: InTransaction) {
  const parts = erasureParts();
  return {
    refuse: parts.refuse,
    /**
     * `refuse` in two halves, so a write can send the first with its own statements in one round trip:
     * the statements that take the shared lock and read the key (a simple query's text), then the
     * tombstone check on the key they read (the last one's rows).
     */
    refusePrelude: [
      `SELECT pg_advisory_xact_lock_shared(${ERASURE_LOCK})`,
      `SELECT value FROM svc_meta WHERE key = '${ERASURE_KEY}'`,
    ] as const,
    refuseWithKey: parts.refuseWithKey,
    /** `refuseOutside`, checks made while one is on its way sent together as the next. */
    refuseOutside: coalescedCalls((checks: ErasedIds[]) => parts.refuseOutsideMany(query, checks)),
    eraseUser: (ids: { clientUserId: string; userId?: string | null }) =>
      eraseUser(inTransaction, parts, ids),
    forgetProvider: (userId: string, provider: string) => forgetProvider(inTransaction, userId, provider),
    retain: (resource: ResourceName, cutoff: string) => retain(inTransaction, resource, cutoff),
    allowUser: (clientUserId: string) => allowUser(query, parts, clientUserId),
    scrub: (tables: readonly string[]) => scrub(query, tables),
  };
}
