import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreUnavailableError, StoreUrlError } from '../errors/errors.js';
import { SCHEMA_VERSION, type StoreSchema } from './migrations/migrations.js';
import { openPostgresStore } from './postgres-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { SyncStore } from './store.js';
import type { MaintainedStore } from './store-maintenance.js';

export type Address = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export function parseAddress(address: string): Address {
  if (address.startsWith('sqlite:')) {
    const path = address.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new StoreUrlError('sqlite: needs a file, e.g. sqlite:./svc.db');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(address)) return { kind: 'postgres', url: address };
  // Only the scheme is echoed: the rest may hold a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(address)?.[0] ?? 'an address without a scheme';
  throw new StoreUrlError(
    `unsupported store ${JSON.stringify(scheme)}: use sqlite:./svc.db or postgres://user:password@host:5432/db`,
  );
}

const storeAt = (address: Address, readOnly = false): MaintainedStore =>
  address.kind === 'sqlite' ? openSqliteStore(address.path, {}, readOnly) : openPostgresStore(address.url);

async function using<T>(store: MaintainedStore, work: (store: MaintainedStore) => Promise<T>): Promise<T> {
  try {
    return await work(store);
  } finally {
    await store.close().catch(() => {});
  }
}

/**
 * Opens a store from its address and migrates it to this version's schema: `sqlite:<file>` (relative
 * to the working directory, or `sqlite:/abs/path`) or `postgres://user:password@host:port/database`
 * (`postgresql://` too). A store newer than this @svc/sync is refused with StoreVersionError.
 */
export async function openStore(address: string): Promise<SyncStore> {
  const store = storeAt(parseAddress(address));
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}

/**
 * Reads a store's schema version and team binding without changing anything (`svc-sync migrate
 * --check`): `due` says whether opening it would migrate it. A SQLite file that does not exist yet is
 * version 0 (and is not created); a store newer than this @svc/sync throws StoreVersionError.
 */
export async function checkStore(address: string): Promise<StoreSchema> {
  const parsed = parseAddress(address);
  if (parsed.kind === 'sqlite' && !existsSync(parsed.path)) {
    if (!existsSync(dirname(parsed.path)))
      throw new StoreUnavailableError(
        `cannot use ${parsed.path} as a SQLite store: its directory does not exist`,
      );
    return { version: 0, latest: SCHEMA_VERSION, due: true, team: null };
  }
  return using(storeAt(parsed, true), (store) => store.schema());
}

/** What `migrateStore` did. */
export interface StoreMigration {
  /** The schema version before, and after (this @svc/sync's). */
  from: number;
  to: number;
  /** With `rebindTeam`: the fingerprint the store was bound to before (null: none). */
  previousTeam?: string | null;
}

/**
 * Migrates a store to this version's schema and closes it (`svc-sync migrate`, for operators who migrate
 * before deploying). `rebindTeam` (a `teamFingerprint(newKey)`) then binds it to a rotated key.
 */
export async function migrateStore(
  address: string,
  options: { rebindTeam?: string } = {},
): Promise<StoreMigration> {
  return using(storeAt(parseAddress(address)), async (store) => {
    const { version: from } = await store.schema();
    await store.migrate();
    if (options.rebindTeam === undefined) return { from, to: SCHEMA_VERSION };
    return { from, to: SCHEMA_VERSION, previousTeam: await store.rebindTeam(options.rebindTeam) };
  });
}
