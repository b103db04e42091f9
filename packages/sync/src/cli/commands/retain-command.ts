// svc-sync retain: removes the rows older than the retention policy, securely, and prints the receipt.

import { applyRetention, parseRetainDays } from '../../erasure/retention.js';
import { SyncInputError } from '../../errors/errors.js';
import type { SyncStore } from '../../stores/store.js';
import { requireOptions } from '../cli-values.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';
import { checkReceiptOptions, reportReceipt, scrubOf } from '../receipt-output.js';

/** --retain-days as a policy, or a usage failure in one line. */
export function retainDaysOf(values: Values) {
  try {
    return parseRetainDays(values['retain-days'] as string);
  } catch (error) {
    if (error instanceof SyncInputError) throw new CliFailure(`--retain-days: ${error.message}`, EXIT.usage);
    throw error;
  }
}

function checkRetain(values: Values): void {
  requireOptions(values, ['retain-days'], 'retain');
  retainDaysOf(values);
  checkReceiptOptions(values);
}

async function retainCommand(values: Values, store: SyncStore): Promise<number> {
  return reportReceipt(values, await applyRetention(store, retainDaysOf(values), { scrub: scrubOf(values) }));
}

/** `svc-sync retain`, as ../cli.ts runs it. */
export const command: Command = { check: checkRetain, run: retainCommand };
