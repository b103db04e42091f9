// svc-sync clear: takes failures an operator has dealt with off the store's list, printing each one.
import { clearFailures } from '../../status/clear-failures.js';
import type { SyncStore } from '../../stores/store.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { failedWindowText, failureFilterOf } from '../failure-filter.js';
import type { Values } from '../parse-command.js';

function checkClear(values: Values): void {
  const filter = failureFilterOf(values);
  // Clearing every failure is said out loud, never the result of a forgotten filter.
  if (!filter.users && !filter.resources && !values.all)
    throw new CliFailure('say which failures to clear: --users, --resources, or --all', EXIT.usage);
}

async function clearCommand(values: Values, store: SyncStore): Promise<number> {
  const cleared = await clearFailures(store, failureFilterOf(values));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(cleared)}\n`);
    return EXIT.ok;
  }
  for (const user of cleared.users)
    process.stdout.write(`cleared user ${user.clientUserId}: ${user.error}\n`);
  for (const window of cleared.windows)
    process.stdout.write(
      `cleared window ${failedWindowText(window)}: ${window.failure.error}${window.failure.status === null ? '' : ` ${window.failure.status}`}\n`,
    );
  process.stdout.write(`cleared ${cleared.users.length} users and ${cleared.windows.length} windows\n`);
  return EXIT.ok;
}

/** `svc-sync clear`, as ../cli.ts runs it. */
export const command: Command = { check: checkClear, run: clearCommand };
