// svc-sync webhooks: the receiver. Verifies each delivery, records the work it announces, answers 202,
// and reads the data in the background; one log line per delivery.
import { publishHeartbeats } from '../../console/run-heartbeat.js';
import { windowProgress } from '../../console/window-progress.js';
import { createSync } from '../../create-sync.js';
import type { SyncStore } from '../../stores/store.js';
import { choice, clientOf, integer, resourcesOf, retryLimits, teamOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { incompleteLine } from '../incomplete-line.js';
import { commandOperations } from '../operations/command-operations.js';
import type { Values } from '../parse-command.js';
import { logReadFailure, serveWebhooks } from '../serve-webhooks.js';

const secretOf = (values: Values) => values.secret ?? process.env.SVC_WEBHOOK_SECRET;

/** Checks what `webhooks` needs before the store is opened. */
function checkWebhooks(values: Values): void {
  integer('port', values.port, 3000, 0, 65_535);
  if (!secretOf(values))
    throw new CliFailure('a webhook secret is required: --secret whsec_… or SVC_WEBHOOK_SECRET', EXIT.usage);
  resourcesOf(values.resources);
  choice('log', values.log, ['text', 'json']);
  retryLimits(values);
  clientOf(values);
}

async function webhooksCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const secret = secretOf(values) as string;
  // BullMQ is loaded only for a run that queues.
  const queue = values.redis
    ? (await import('../../bullmq.js')).createSyncQueue({ redis: values.redis })
    : undefined;
  const log = choice('log', values.log, ['text', 'json']);
  const sync = createSync({
    onBackgroundFailure: (failure) => logReadFailure(log, failure),
    client: clientOf(values),
    store,
    team: teamOf(),
    resources: resourcesOf(values.resources),
    limits: retryLimits(values),
    ...(queue ? { dispatch: queue.dispatch } : {}),
  });
  // Work a stopped receiver left pending is finished first, in the background.
  void sync.resumePending({ signal }).result.then(
    (result) => {
      if (result.status === 'incomplete')
        process.stderr.write(`svc-sync: resuming pending windows: ${incompleteLine(result.cause).line}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`svc-sync: resuming pending windows failed: ${(error as Error).message}\n`);
    },
  );
  const operations = commandOperations(store, queue?.counts);
  // A console (`svc-sync serve`) on the same store sees the receiver through its heartbeat rows.
  // Its last beat once the receiver has stopped, for whatever reason.
  const served = new AbortController();
  const heartbeats = publishHeartbeats(
    store,
    windowProgress(AbortSignal.any([signal, served.signal])),
    'webhooks',
    queue?.counts,
  );
  try {
    await serveWebhooks({
      sync,
      secret,
      port: integer('port', values.port, 3000, 0, 65_535),
      host: values.host ?? '127.0.0.1',
      log,
      signal,
      operations,
    });
  } finally {
    operations.close();
    await sync.idle().catch(() => {});
    served.abort();
    await heartbeats;
    await queue?.close();
  }
  return EXIT.ok;
}

/** `svc-sync webhooks`, as ../cli.ts runs it. */
export const command: Command = { check: checkWebhooks, run: webhooksCommand };
