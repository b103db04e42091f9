// svc-sync migrate: brings a store to this version's schema before a deploy (`--check` only reports),
// and binds it to a rotated team key (`--rebind-team`). It opens the store itself: opening migrates.
import {
  StoreDamagedError,
  StoreLockedError,
  StoreTeamMismatchError,
  StoreUnavailableError,
  StoreUrlError,
  StoreVersionError,
  SyncInputError,
} from '../../errors/errors.js';
import { checkStore, migrateStore } from '../../stores/open-store.js';
import { teamFingerprint } from '../../stores/team-fingerprint.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';

/** The store's expected failures as one line and an exit code. */
function failure(error: unknown): unknown {
  if (error instanceof StoreUrlError || error instanceof SyncInputError)
    return new CliFailure(`--store: ${error.message}`, EXIT.usage);
  if (error instanceof StoreLockedError || error instanceof StoreUnavailableError)
    return new CliFailure(error.message, EXIT.store);
  if (
    error instanceof StoreVersionError ||
    error instanceof StoreTeamMismatchError ||
    error instanceof StoreDamagedError
  )
    return new CliFailure(error.message, EXIT.storeMismatch);
  return error;
}

export async function migrateCommand(values: Values): Promise<number> {
  const address = values.store;
  if (!address)
    throw new CliFailure(
      '--store is required: sqlite:./svc.db or postgres://user:password@host/db',
      EXIT.usage,
    );
  if (values.check && values['rebind-team'])
    throw new CliFailure('--check changes nothing: run --rebind-team without it', EXIT.usage);
  let fingerprint: string | undefined;
  if (values['rebind-team']) {
    const key = process.env.SVC_API_KEY;
    if (!key)
      throw new CliFailure(
        '--rebind-team binds the store to the key in SVC_API_KEY: set it first',
        EXIT.usage,
      );
    fingerprint = teamFingerprint(key);
  }
  try {
    if (values.check) {
      const schema = await checkStore(address);
      if (values.json) process.stdout.write(`${JSON.stringify(schema)}\n`);
      if (schema.due)
        throw new CliFailure(
          `a migration is due: the store is at schema version ${schema.version}, this svc-sync writes ` +
            `${schema.latest}; run svc-sync migrate --store <address>`,
          EXIT.storeMismatch,
        );
      if (!values.json) process.stdout.write(`up to date: schema version ${schema.version}\n`);
      return EXIT.ok;
    }
    const result = await migrateStore(address, fingerprint ? { rebindTeam: fingerprint } : {});
    process.stdout.write(
      result.from === result.to
        ? `up to date: schema version ${result.to}\n`
        : `migrated from schema version ${result.from} to ${result.to}\n`,
    );
    if (fingerprint)
      process.stdout.write(
        `bound to the team key with fingerprint ${fingerprint}` +
          `${result.previousTeam && result.previousTeam !== fingerprint ? ` (was ${result.previousTeam})` : ''}\n`,
      );
    return EXIT.ok;
  } catch (error) {
    throw failure(error);
  }
}
