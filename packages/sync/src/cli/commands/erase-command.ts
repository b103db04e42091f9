// svc-sync erase: erases one user (every row, their queued jobs, the deleted bytes) and tombstones them;
// `--allow` lets an erased user be stored again. Prints the receipt; never the user's id.
import { NotFoundError } from '@svc/client';
import { allowUser, eraseUser } from '../../erasure/erase-user.js';
import type { SyncStore } from '../../stores/store.js';
import { clientOf, requireOptions, teamOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import type { Values } from '../parse-command.js';
import { checkReceiptOptions, nothingRemoved, reportReceipt, scrubOf } from '../receipt-output.js';

function checkErase(values: Values): void {
  requireOptions(values, ['user'], 'erase');
  if (values.allow && (values.redis || values.receipt || values.scrub))
    throw new CliFailure('--allow erases nothing: it takes --store and --user only', EXIT.usage);
  checkReceiptOptions(values);
}

/**
 * The service's id of a user the store has no row for (seen only through webhooks naming the user_id):
 * resolved with the key in SVC_API_KEY; null when the service does not know the user either.
 */
async function resolveUserId(values: Values, store: SyncStore, clientUserId: string): Promise<string | null> {
  const known = await store.findUser(clientUserId);
  if (known?.userId) return known.userId;
  if (!process.env.SVC_API_KEY)
    throw new CliFailure(
      'the store has no service user id for this user: set SVC_API_KEY so svc-sync can resolve it ' +
        '(rows stored from webhooks naming only the service id would otherwise stay); nothing was erased',
      EXIT.usage,
    );
  await store.bindTeam(teamOf());
  return clientOf(values)
    .resolveUser({ client_user_id: clientUserId }, { maxRetries: 2 })
    .then(
      (user) => user.user_id,
      (error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      },
    );
}

async function eraseCommand(values: Values, store: SyncStore): Promise<number> {
  const clientUserId = values.user as string;
  if (values.allow) {
    const allowed = await allowUser(store, clientUserId);
    process.stdout.write(`${JSON.stringify({ allowed })}\n`);
    if (!allowed) process.stderr.write('svc-sync: the user had no tombstone: nothing changed\n');
    return EXIT.ok;
  }
  const userId = await resolveUserId(values, store, clientUserId);
  // BullMQ is loaded only when the queue is erased too.
  const queue = values.redis
    ? (await import('../../bullmq.js')).createSyncQueue({ redis: values.redis })
    : undefined;
  try {
    const receipt = await eraseUser(store, {
      clientUserId,
      ...(userId ? { userId } : {}),
      ...(queue ? { queue } : {}),
      scrub: scrubOf(values),
    });
    // Still exit 0 with its tombstone (an erasure may come before any sync, or run again after a
    // failure), but a mistyped id must not pass for an erasure done.
    if (nothingRemoved(receipt))
      process.stderr.write(
        'svc-sync: the store held no rows for this user; the tombstone keeps any from being stored\n',
      );
    return reportReceipt(values, receipt);
  } finally {
    await queue?.close();
  }
}

/** `svc-sync erase`, as ../cli.ts runs it. */
export const command: Command = { check: checkErase, run: eraseCommand };
