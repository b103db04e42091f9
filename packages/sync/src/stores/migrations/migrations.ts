// The schema's versions, in order, and the pure decisions every store shares: which version a store
// holds and what a migration applies. Each store runs them in one transaction under its own lock.
import { StoreVersionError } from '../../errors.js';
import { V1_TABLES } from './v1-tables.js';
import { V2_AS_SENT } from './v2-as-sent.js';

/** One step of the schema: the SQL that takes a store from the version before to `version`. */
export interface Migration {
  version: number;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [V1_TABLES, V2_AS_SENT];

/** The schema version this @svc/sync writes. */
export const SCHEMA_VERSION = (MIGRATIONS.at(-1) as Migration).version;

/** Where a store says what it is; the version is a key of svc_meta (from version 2 on). */
export const META_TABLE = 'svc_meta';
export const VERSION_KEY = 'schema_version';
export const TEAM_KEY = 'team';

/** What a store's schema is, read without changing it. */
export interface StoreSchema {
  /** The version the store holds: 0 for an empty database. */
  version: number;
  /** The version this @svc/sync writes. */
  latest: number;
  /** Whether opening the store would migrate it (a version older than `latest`). */
  due: boolean;
  /** The fingerprint of the team key the store is bound to, if any (never a key). */
  team: string | null;
}

/**
 * The version a store holds, from what it has: svc_meta's recorded version; else version 1 when the
 * first release's tables are there (it had no svc_meta); else 0, an empty database.
 */
export function versionOf(found: { meta: boolean; windows: boolean; recorded: string | undefined }): number {
  if (!found.meta) return found.windows ? 1 : 0;
  const version = Number(found.recorded);
  // svc_meta is created with its version in one transaction: without a readable one it is not ours.
  if (!Number.isInteger(version) || version < 2)
    throw new StoreVersionError(
      `${META_TABLE} holds no valid ${VERSION_KEY} (${JSON.stringify(found.recorded ?? null)}): this is not a store @svc/sync migrated`,
      Number.NaN,
      SCHEMA_VERSION,
    );
  return version;
}

/** The migrations a store of `version` needs; refuses a store newer than this @svc/sync. */
export function migrationsDue(version: number, where: string): Migration[] {
  if (version > SCHEMA_VERSION)
    throw new StoreVersionError(
      `${where} has schema version ${version}, newer than this @svc/sync understands (${SCHEMA_VERSION}): ` +
        'upgrade @svc/sync to the release that migrated it; nothing was changed',
      version,
      SCHEMA_VERSION,
    );
  return MIGRATIONS.filter((migration) => migration.version > version);
}
