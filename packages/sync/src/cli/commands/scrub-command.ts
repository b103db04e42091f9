// svc-sync scrub: rewrites the store files so rows deleted with --scrub later leave no bytes behind.
import { scrubStore } from '../../erasure/scrub-store.js';
import type { SyncStore } from '../../stores/store.js';
import type { Command } from '../command.js';
import { EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';

async function scrubCommand(values: Values, store: SyncStore): Promise<number> {
  const result = await scrubStore(store);
  process.stdout.write(
    values.json
      ? `${JSON.stringify(result)}\n`
      : `scrubbed ${result.tables.join(', ')} (${result.method}) in ${result.ms} ms${result.complete ? '' : '; the WAL is still held by another connection: run again once it is idle'}\n`,
  );
  if (result.complete) return EXIT.ok;
  process.stderr.write(
    'svc-sync: the WAL is still held by another connection, so deleted bytes may remain in it: run svc-sync scrub again once it is idle\n',
  );
  return EXIT.incomplete;
}

/** `svc-sync scrub`, as ../cli.ts runs it. */
export const command: Command = { run: scrubCommand };
