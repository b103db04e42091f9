// svc-sync forget: a provider of a user, deregistered at the service, then its rows (and jobs) removed.
import { forgetProvider } from '../../erasure/forget-provider.js';
import type { SyncStore } from '../../stores/store.js';
import { clientOf, requireOptions } from '../cli-values.js';
import type { Command } from '../command.js';
import type { Values } from '../parse-command.js';
import { checkReceiptOptions, nothingRemoved, reportReceipt, scrubOf } from '../receipt-output.js';

function checkForget(values: Values): void {
  requireOptions(values, ['user', 'provider'], 'forget');
  checkReceiptOptions(values);
  clientOf(values);
}

async function forgetCommand(values: Values, store: SyncStore): Promise<number> {
  const queue = values.redis
    ? (await import('../../bullmq.js')).createSyncQueue({ redis: values.redis })
    : undefined;
  try {
    const receipt = await forgetProvider(clientOf(values), store, {
      clientUserId: values.user as string,
      provider: values.provider as string,
      ...(queue ? { queue } : {}),
      scrub: scrubOf(values),
    });
    // Still exit 0 (the provider is gone either way), but a mistyped user or provider must not pass for
    // a provider forgotten.
    if (nothingRemoved(receipt))
      process.stderr.write(
        receipt.deregistered
          ? "svc-sync: the store held no rows of this provider for this user; the service's connection was removed\n"
          : 'svc-sync: neither the store nor the service held this provider for this user: nothing was removed\n',
      );
    return reportReceipt(values, receipt);
  } finally {
    await queue?.close();
  }
}

/** `svc-sync forget`, as ../cli.ts runs it (the store is bound to the key's team first). */
export const command: Command = { check: checkForget, run: forgetCommand };
