import { existsSync } from 'node:fs';
import { StoreUnavailableError, StoreVersionError } from '../errors/errors.js';
import { SCHEMA_VERSION } from '../stores/migrations/migrations.js';
import { parseAddress } from '../stores/open-store.js';
import { openPostgresStore } from '../stores/postgres-store.js';
import { openSqliteStore } from '../stores/sqlite-store.js';
import type { SyncStore } from '../stores/store.js';

/**
 * Opens a store only to read it (an agent's tools, a report): a SQLite file opened read-only, a
 * PostgreSQL connection whose every transaction is read-only. Never creates, migrates or binds it: a
 * missing SQLite file is StoreUnavailableError, and a schema other than this @svc/sync's is
 * StoreVersionError (run `svc-sync migrate` first).
 */
export async function openStoreReadOnly(address: string): Promise<SyncStore> {
  const parsed = parseAddress(address);
  if (parsed.kind === 'sqlite' && !existsSync(parsed.path))
    throw new StoreUnavailableError(`cannot read the SQLite store ${parsed.path}: the file does not exist`);
  const store =
    parsed.kind === 'sqlite'
      ? openSqliteStore(parsed.path, {}, true)
      : openPostgresStore(parsed.url, { readOnly: true, maxConnections: 2 });
  try {
    const { version } = await store.schema();
    if (version !== SCHEMA_VERSION)
      throw new StoreVersionError(
        `the store has schema version ${version} and this @svc/sync reads version ${SCHEMA_VERSION}: run svc-sync migrate with the matching @svc/sync`,
        version,
        SCHEMA_VERSION,
      );
    return store;
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
}
