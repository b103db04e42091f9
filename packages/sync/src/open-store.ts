import { StoreUrlError } from './errors.js';
import type { SyncStore } from './store.js';
import { createPostgresStore } from './stores/postgres-store.js';
import { createSqliteStore } from './stores/sqlite-store.js';

/**
 * Opens a store from its address and creates its tables: `sqlite:<file>` (relative to the working
 * directory, or `sqlite:/abs/path`) or `postgres://user:password@host:port/database` (`postgresql://` too).
 */
export async function openStore(address: string): Promise<SyncStore> {
  let store: SyncStore;
  if (address.startsWith('sqlite:')) {
    const path = address.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new StoreUrlError('sqlite: needs a file, e.g. sqlite:./svc.db');
    store = createSqliteStore(path);
  } else if (/^postgres(ql)?:\/\//.test(address)) {
    store = createPostgresStore(address);
  } else {
    // Only the scheme is echoed: the rest may hold a password.
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(address)?.[0] ?? 'an address without a scheme';
    throw new StoreUrlError(
      `unsupported store ${JSON.stringify(scheme)}: use sqlite:./svc.db or postgres://user:password@host:5432/db`,
    );
  }
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
