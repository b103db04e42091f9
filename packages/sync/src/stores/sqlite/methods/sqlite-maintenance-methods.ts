// The SQLite store's schema and team binding, what `svc-sync migrate` and `serve` ask besides (svc_meta,
// the console's reads, the change mark).
import { assertFingerprint } from '../../team-fingerprint.js';
import type { SqliteStoreParts, StoreMethods } from './sqlite-store-parts.js';

export function sqliteMaintenanceMethods({
  db,
  guard,
  schema,
}: SqliteStoreParts): StoreMethods<
  'migrate' | 'schema' | 'bindTeam' | 'rebindTeam' | 'writeMeta' | 'readRows' | 'changeMark'
> {
  return {
    migrate: guard(() => schema.migrate()),
    schema: guard(() => schema.state()),
    bindTeam: guard((fingerprint) => {
      assertFingerprint(fingerprint);
      schema.bindTeam(fingerprint);
    }),
    rebindTeam: guard((fingerprint) => {
      assertFingerprint(fingerprint);
      return schema.rebindTeam(fingerprint);
    }),
    writeMeta(key: string, value: string | null) {
      return guard(() => {
        if (value === null) db.prepare('DELETE FROM svc_meta WHERE key = ?').run(key);
        else
          db.prepare(
            'INSERT INTO svc_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          ).run(key, value);
      })();
    },
    readRows<R>(sql: string, params: readonly (string | number)[] = []) {
      return guard(() => db.prepare(sql).all<R>(...params))();
    },
    // data_version moves when another connection commits, total_changes() when this one writes.
    changeMark: guard(() => {
      const [row] = db
        .prepare('SELECT data_version AS version, total_changes() AS changes FROM pragma_data_version')
        .all<{ version: number; changes: number }>();
      return `${row?.version}:${row?.changes}`;
    }),
  };
}
