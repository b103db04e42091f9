// The PostgreSQL store's schema and binding: its version, migrations (one process at a time, under an
// advisory lock), and the team it holds data for.
import type pg from 'pg';
import { migrationsDue, SCHEMA_VERSION, type StoreSchema } from '../migrations/migrations.js';
import { META_TABLE, TEAM_KEY, VERSION_KEY, versionOf } from '../migrations/store-meta.js';
import { checkTeamBinding } from '../team-fingerprint.js';
import { rewriteStepsByDay } from './postgres-step-days.js';

type Query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;
type InTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

// Held for the length of a migration's transaction: workers starting together migrate one at a time.
const MIGRATION_LOCK = 7310725;
// A migration may rewrite a large table, and the processes starting beside it wait for its lock: its
// statements get 15 minutes (server and client side) instead of the store's per-statement deadlines.
export const MIGRATION_TIMEOUT_MS = 15 * 60_000;

async function meta(query: Query, key: string): Promise<string | undefined> {
  return (await query<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = $1`, [key])).rows[0]
    ?.value;
}

const setMeta = (query: Query, key: string, value: string) =>
  query(
    `INSERT INTO ${META_TABLE} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, value],
  );

async function version(query: Query, where: string): Promise<number> {
  // The catalog, not to_regclass: a catalog cache may still miss a table another session just created.
  const { rows } = await query<{ name: string; col: string }>(
    `SELECT c.relname AS name, a.attname AS col FROM pg_catalog.pg_class c
     JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace
       AND c.relname LIKE 'svc\\_%'`,
  );
  const found = new Map<string, Set<string>>();
  for (const { name, col } of rows) found.set(name, (found.get(name) ?? new Set()).add(col));
  return versionOf(found, found.has(META_TABLE) ? await meta(query, VERSION_KEY) : undefined, where);
}

/** `query` runs on any pooled connection; `inTransaction` runs work in one transaction on one. */
export function postgresSchema(query: Query, inTransaction: InTransaction, where: string) {
  return {
    async state(): Promise<StoreSchema> {
      const current = await version(query, where);
      migrationsDue(current, where);
      return {
        version: current,
        latest: SCHEMA_VERSION,
        due: current < SCHEMA_VERSION,
        team: current >= 2 ? ((await meta(query, TEAM_KEY)) ?? null) : null,
      };
    },
    /** Migrates forward in one transaction under the lock; a store already current takes no lock. */
    async migrate(): Promise<void> {
      if (migrationsDue(await version(query, where), where).length === 0) return;
      await inTransaction(async (client) => {
        const query_timeout = MIGRATION_TIMEOUT_MS + 5_000;
        // pg reads a per-query `query_timeout`; its types do not list it.
        const inside: Query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
          client.query<R>({ text, values, query_timeout } as pg.QueryConfig);
        await client.query(
          `SET LOCAL statement_timeout = ${MIGRATION_TIMEOUT_MS}; SET LOCAL lock_timeout = ${MIGRATION_TIMEOUT_MS}`,
        );
        await inside('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        // Read again under the lock: another process may have migrated while this one waited.
        const due = migrationsDue(await version(inside, where), where);
        for (const migration of due) {
          await inside(migration.postgres);
          if (migration.rewrite === 'steps-by-day') await rewriteStepsByDay(inside);
        }
        if (due.length > 0) await setMeta(inside, VERSION_KEY, String(SCHEMA_VERSION));
      });
    },
    async bindTeam(fingerprint: string): Promise<void> {
      // Two statements, so the read sees a binding another process committed meanwhile.
      await query(`INSERT INTO ${META_TABLE} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
        TEAM_KEY,
        fingerprint,
      ]);
      checkTeamBinding((await meta(query, TEAM_KEY)) as string, fingerprint, where);
    },
    rebindTeam(fingerprint: string): Promise<string | null> {
      return inTransaction(async (client) => {
        const inside: Query = (text, values) => client.query(text, values);
        const previous = (
          await client.query<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = $1 FOR UPDATE`, [
            TEAM_KEY,
          ])
        ).rows[0]?.value;
        await setMeta(inside, TEAM_KEY, fingerprint);
        return previous ?? null;
      });
    },
  };
}
