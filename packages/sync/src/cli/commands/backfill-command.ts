// svc-sync backfill: reads users' data over a range of days into the store, or queues it (--redis).
import { publishHeartbeats } from '../../console/run-heartbeat.js';
import { createSync } from '../../create-sync.js';
import { readFleetStatus } from '../../status/read-fleet-status.js';
import type { SyncStore } from '../../stores/store.js';
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
import { dayRangeOf } from '../date-options.js';
import { usersText } from '../fleet-text.js';
import type { Values } from '../parse-command.js';
import { showProgress } from '../progress-view.js';
import { checkUsers, readUsers } from '../read-users.js';
import { exitOfRun, outcomeText } from '../run-outcome.js';

/**
 * What the run was asked for and what the store now holds of it: its users complete up to the last day
 * asked for (or the run's end time, when that day is today), as `svc-sync status --to` reads it.
 */
async function askedText(store: SyncStore, from: string, to: string, asOf: string): Promise<string> {
  const asked = `asked ${from}..${to}`;
  try {
    return `${asked}: ${usersText(await readFleetStatus(store, { completeTo: to, now: new Date(asOf) }))}`;
  } catch {
    // The store went out of reach after the run: the outcome above and its exit code still stand.
    return `${asked} (the store could not be read for what it holds)`;
  }
}

/** Checks what `backfill` needs before the store is opened: its options in --help's order, then the key and URL. */
function checkBackfill(values: Values): void {
  requireOptions(values, ['users', 'from', 'to'], 'backfill');
  checkUsers(values.users as string);
  dayRangeOf(values);
  resourcesOf(values.resources);
  integer('concurrency', values.concurrency, 32);
  choice('progress', values.progress, ['text', 'json', 'none']);
  retryLimits(values);
  clientOf(values);
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
    process.stdout.write(
      `${outcomeText(result)}; ${await askedText(store, values.from as string, values.to as string, result.asOf)}\n`,
    );
    return exitOfRun(result);
  } finally {
    await queue?.close();
  }
}

/** `svc-sync backfill`, as ../cli.ts runs it. */
export const command: Command = { check: checkBackfill, run: backfillCommand };
