// What erase, forget and retain end with: the receipt as JSON on stdout, and in --receipt FILE if asked.
import { existsSync, lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ErasureReceipt } from '../erasure/receipt.js';
import { writeReceipt } from '../erasure/write-receipt.js';
import { choice } from './cli-values.js';
import { CliFailure, EXIT } from './exit-codes.js';
import type { Values } from './parse-command.js';

/** Checks --receipt and --scrub before anything is erased: a receipt that could not be written is refused first. */
export function checkReceiptOptions(values: Values): void {
  choice('scrub', values.scrub, ['now', 'later']);
  const file = values.receipt;
  if (file === undefined) return;
  if (!existsSync(dirname(file)))
    throw new CliFailure(`--receipt ${file}: its directory does not exist`, EXIT.usage);
  let link = false;
  try {
    link = lstatSync(file).isSymbolicLink();
  } catch {
    // Not there yet.
  }
  if (link) throw new CliFailure(`--receipt ${file} is a symbolic link: give a regular file`, EXIT.usage);
}

/** Prints and writes the receipt; a scrub another connection kept from completing exits 4 with the next step. */
export function reportReceipt(values: Values, receipt: ErasureReceipt): number {
  process.stdout.write(`${JSON.stringify(receipt)}\n`);
  if (values.receipt !== undefined) writeReceipt(values.receipt, receipt);
  if (receipt.scrub.method === 'deferred')
    process.stderr.write(
      'svc-sync: the deleted rows are gone; their bytes leave the files at the next svc-sync scrub\n',
    );
  else if (!receipt.scrub.complete) {
    process.stderr.write(
      'svc-sync: the deleted rows are gone, but another connection kept the WAL from being emptied: run svc-sync scrub once it is idle\n',
    );
    return EXIT.incomplete;
  }
  return EXIT.ok;
}

/** Whether an erasure found nothing to remove: no row in the store, no job or key in the queue. */
export const nothingRemoved = ({ removed, queue }: ErasureReceipt) =>
  Object.values(removed).every((n) => n === 0) &&
  (!queue || queue.jobs + queue.events + queue.keys + queue.leftActive === 0);

export const scrubOf = (values: Values) => choice('scrub', values.scrub, ['now', 'later']);
