// svc-sync backfill: reads users' data over a range of days into the store, or queues it (--redis).
import { publishHeartbeats } from '../../console/run-heartbeat.js';
import { createSync } from '../../create-sync.js';
import type { SyncStore } from '../../stores/store.js';
import type { RunResult } from '../../sync-types.js';
import {
  choice,
  clientOf,
  integer,
  requireOptions,
  resourcesOf,
  retryLimits,
  teamOf,
} from '../cli-values.js';
import type { Command } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { incompleteLine } from '../incomplete-line.js';
import type { Values } from '../parse-command.js';
import { showProgress } from '../progress-view.js';
import { readUsers } from '../read-users.js';

const EXIT_OF: Record<RunResult['status'], number> = {
  done: EXIT.ok,
  queued: EXIT.ok,
  done_with_failures: EXIT.failures,
  incomplete: EXIT.incomplete,
};

/** Checks what `backfill` needs before the store is opened. */
function checkBackfill(values: Values): void {
  requireOptions(values, ['users', 'from', 'to'], 'backfill');
  clientOf(values);
  choice('progress', values.progress, ['text', 'json', 'none']);
}

async function backfillCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const client = clientOf(values);
  const concurrency = integer('concurrency', values.concurrency, 32);
  const mode = choice('progress', values.progress, ['text', 'json', 'none']);
  const { users, count } = await readUsers(values.users as string);
  // BullMQ is loaded only for a run that queues.
  const queue = values.redis
    ? (await import('../../bullmq.js')).createSyncQueue({ redis: values.redis })
    : undefined;
  try {
    const sync = createSync({
      client,
      store,
      team: teamOf(),
      resources: resourcesOf(values.resources),
      limits: {
        maxConcurrency: concurrency,
        initialConcurrency: Math.min(4, concurrency),
        ...retryLimits(values),
      },
      ...(queue ? { dispatch: queue.dispatch } : {}),
    });
    const run = sync.backfill({
      users,
      userCount: count,
      from: values.from as string,
      to: values.to as string,
      signal,
    });
    // A console (`svc-sync serve`) on the same store sees the run through its heartbeat rows.
    const heartbeats = publishHeartbeats(store, run, 'backfill', queue?.counts);
    await showProgress(run, mode);
    const result = await run.result;
    await heartbeats;
    const { windows } = result.progress;
    process.stdout.write(
      `${result.status}: ${windows.done} windows stored, ${windows.queued} queued, ` +
        // Windows whose jobs were waiting already (or in a live worker's hands): nothing was queued for them.
        (windows.alreadyQueued > 0 ? `${windows.alreadyQueued} already on the queue, ` : '') +
        `${windows.failed} failed, ` +
        `${windows.deferred} left for the next run (data up to ${result.asOf})\n`,
    );
    if (result.status !== 'incomplete') return EXIT_OF[result.status];
    const { line, code } = incompleteLine(result.cause);
    process.stderr.write(`svc-sync: ${line}\n`);
    return code;
  } finally {
    await queue?.close();
  }
}

/** `svc-sync backfill`, as ../cli.ts runs it. */
export const command: Command = { check: checkBackfill, run: backfillCommand };
