import {
  StoreDamagedError,
  StoreLockedError,
  StoreUnavailableError,
  StoreUrlError,
  StoreVersionError,
} from '../errors/errors.js';
import { checkStore, openStore, parseAddress } from '../stores/open-store.js';
import type { SyncStore } from '../stores/store.js';
import { CliFailure, EXIT } from './exit-codes.js';

/** The store's expected failures as one line and an exit code. */
function cliFailureOf(error: unknown): unknown {
  if (error instanceof StoreUrlError) return new CliFailure(`--store: ${error.message}`, EXIT.usage);
  if (error instanceof StoreLockedError || error instanceof StoreUnavailableError)
    return new CliFailure(error.message, EXIT.store);
  if (error instanceof StoreVersionError || error instanceof StoreDamagedError)
    return new CliFailure(error.message, EXIT.storeMismatch);
  return error;
}

/** `--store` given and of a kind svc-sync opens, checked before anything is opened (never echoed: it may hold a password). */
export function checkStoreAddress(address: string | undefined): asserts address is string {
  if (!address)
    throw new CliFailure(
      '--store is required: sqlite:./svc.db or postgres://user:password@host/db',
      EXIT.usage,
    );
  if (/^postgres(ql)?:/i.test(address) && !URL.canParse(address))
    throw new CliFailure(
      '--store: the PostgreSQL address is not a valid URL: use postgres://user:password@host:5432/db',
      EXIT.usage,
    );
  try {
    parseAddress(address);
  } catch (error) {
    throw cliFailureOf(error);
  }
}

/**
 * Opens `--store`, turning its expected failures into one line and an exit code. A command that only
 * reads (`readOnly`: status, export) changes nothing: a store with no data yet, or one that needs a
 * migration, is told in one line instead of being created or migrated.
 */
export async function openCliStore(address: string | undefined, readOnly = false): Promise<SyncStore> {
  checkStoreAddress(address);
  try {
    if (readOnly) {
      const schema = await checkStore(address);
      if (schema.version === 0)
        throw new CliFailure(
          'the store holds nothing yet: run svc-sync backfill (or webhooks) first',
          EXIT.store,
        );
      if (schema.due)
        throw new CliFailure(
          `the store is at schema version ${schema.version}, this svc-sync reads ${schema.latest}: ` +
            'run svc-sync migrate --store <address> first (this command changes nothing)',
          EXIT.storeMismatch,
        );
    }
    return await openStore(address);
  } catch (error) {
    throw cliFailureOf(error);
  }
}
