// svc_meta, where a store says what it is (from version 2 on): its schema version and the team it is
// bound to; and the version a store holds, read from what it has, checked against what that version has.
import { StoreDamagedError, StoreVersionError } from '../../errors/errors.js';
import { MIGRATIONS, type Migration, SCHEMA_VERSION } from './migrations.js';

/** Where a store says what it is; the version is a key of svc_meta (from version 2 on). */
export const META_TABLE = 'svc_meta';
export const VERSION_KEY = 'schema_version';
export const TEAM_KEY = 'team';

/** The store's own tables (named `svc_…`) and their columns, as its database lists them. */
export type FoundTables = ReadonlyMap<string, ReadonlySet<string>>;

/** The tables and columns `migrations` leave a store with: what they add, less what a later one drops. */
function expectedOf(migrations: readonly Pick<Migration, 'adds' | 'drops'>[]): Map<string, Set<string>> {
  const expected = new Map<string, Set<string>>();
  for (const { adds, drops } of migrations) {
    for (const [table, columns] of Object.entries(adds))
      for (const column of columns) expected.set(table, (expected.get(table) ?? new Set()).add(column));
    for (const [table, columns] of Object.entries(drops ?? {}))
      for (const column of columns) expected.get(table)?.delete(column);
  }
  return expected;
}

/** `table` and `table.column` names of what `tables` lacks of `migrations`' additions. */
function missingOf(tables: FoundTables, migrations: readonly Pick<Migration, 'adds' | 'drops'>[]) {
  const missing: string[] = [];
  for (const [table, columns] of expectedOf(migrations)) {
    const found = tables.get(table);
    if (!found) {
      missing.push(table);
      continue;
    }
    for (const column of columns) if (!found.has(column)) missing.push(`${table}.${column}`);
  }
  return missing;
}

const damaged = (where: string, missing: string[], told: string) =>
  new StoreDamagedError(
    `${where} is damaged: ${told} ${missing.join(', ')}; restore it from a backup ` +
      `(or start again with a new store): nothing was read or changed`,
    missing,
  );

/**
 * The version a store holds, from what it has: svc_meta's recorded version; else version 1 when the
 * first release's tables are there (it had no svc_meta); else 0, an empty database. A store that lacks
 * a table or column of that version, or holds a later version's without the svc_meta that records it,
 * is StoreDamagedError.
 */
export function versionOf(tables: FoundTables, recorded: string | undefined, where: string): number {
  if (!tables.has(META_TABLE)) {
    // A later version's tables or columns without svc_meta: svc_meta was dropped, not never made.
    const later = MIGRATIONS.filter((migration) => migration.version > 1).flatMap(({ adds }) =>
      Object.entries(adds).flatMap(([table, columns]) =>
        table === META_TABLE
          ? []
          : columns.filter((c) => tables.get(table)?.has(c)).map((c) => `${table}.${c}`),
      ),
    );
    if (later.length > 0)
      throw damaged(where, [META_TABLE], `it has ${later.join(', ')} of a later schema but lacks`);
    if (!tables.has('svc_windows')) {
      const some = [...tables.keys()].filter((table) => MIGRATIONS.some(({ adds }) => table in adds));
      if (some.length > 0)
        throw damaged(
          where,
          missingOf(tables, MIGRATIONS.slice(0, 1)),
          `it has ${some.join(', ')} but lacks`,
        );
      return 0;
    }
    const missing = missingOf(tables, MIGRATIONS.slice(0, 1));
    if (missing.length > 0) throw damaged(where, missing, 'schema version 1 lacks');
    return 1;
  }
  const version = Number(recorded);
  // svc_meta is created with its version in one transaction: without a readable one it is not ours.
  if (!Number.isInteger(version) || version < 2)
    throw new StoreVersionError(
      `${META_TABLE} holds no valid ${VERSION_KEY} (${JSON.stringify(recorded ?? null)}): this is not a store @svc/sync migrated`,
      Number.NaN,
      SCHEMA_VERSION,
    );
  // A newer store is refused as newer (migrationsDue), whatever it holds.
  if (version > SCHEMA_VERSION) return version;
  const missing = missingOf(
    tables,
    MIGRATIONS.filter((migration) => migration.version <= version),
  );
  if (missing.length > 0) throw damaged(where, missing, `schema version ${version} lacks`);
  return version;
}
