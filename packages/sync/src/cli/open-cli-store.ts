import { StoreLockedError, StoreUnavailableError, StoreUrlError, StoreVersionError } from '../errors.js';
import { openStore } from '../open-store.js';
import type { SyncStore } from '../store.js';
import { CliFailure, EXIT } from './exit-codes.js';

/** Opens `--store`, turning its expected failures into one line and an exit code. */
export async function openCliStore(address: string | undefined): Promise<SyncStore> {
  if (!address)
    throw new CliFailure(
      '--store is required: sqlite:./svc.db or postgres://user:password@host/db',
      EXIT.usage,
    );
  if (/^postgres(ql)?:/i.test(address) && !URL.canParse(address))
    // Not echoed: a malformed address may still hold a password.
    throw new CliFailure(
      '--store: the PostgreSQL address is not a valid URL: use postgres://user:password@host:5432/db',
      EXIT.usage,
    );
  try {
    return await openStore(address);
  } catch (error) {
    if (error instanceof StoreUrlError) throw new CliFailure(`--store: ${error.message}`, EXIT.usage);
    if (error instanceof StoreLockedError || error instanceof StoreUnavailableError)
      throw new CliFailure(error.message, EXIT.store);
    if (error instanceof StoreVersionError) throw new CliFailure(error.message, EXIT.storeMismatch);
    throw error;
  }
}
