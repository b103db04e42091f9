// The PostgreSQL store's schema and team binding, and what `svc-sync migrate` and `serve` ask besides
// (svc_meta, the console's reads, the change mark).
import { assertFingerprint } from '../../team-fingerprint.js';
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresMaintenanceMethods({
  schema,
  query,
}: PostgresStoreParts): StoreMethods<
  'migrate' | 'schema' | 'bindTeam' | 'rebindTeam' | 'writeMeta' | 'readRows' | 'changeMark'
> {
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
  };
}
