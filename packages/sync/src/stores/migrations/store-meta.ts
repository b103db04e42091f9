// svc_meta, where a store says what it is (from version 2 on): its schema version and the team it is
// bound to; and the version a store holds, read from what it has.
import { StoreVersionError } from '../../errors/errors.js';
import { SCHEMA_VERSION } from './migrations.js';

/** Where a store says what it is; the version is a key of svc_meta (from version 2 on). */
export const META_TABLE = 'svc_meta';
export const VERSION_KEY = 'schema_version';
export const TEAM_KEY = 'team';

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
