// svc-sync retry: reads failed windows again, and resolves failed users again over the days asked for.
import { createSync } from '../../create-sync.js';
import { replanFailures } from '../../status/replan-failures.js';
import type { SyncStore } from '../../stores/store.js';
import type { RunResult } from '../../sync-types.js';
import { choice, clientOf, integer, resourcesOf, retryLimits, teamOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { dayRangeOf } from '../date-options.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { failedWindowText, failureFilterOf } from '../failure-filter.js';
import type { Values } from '../parse-command.js';
import { showProgress } from '../progress-view.js';
import { endOfRun, outcomeText } from '../run-outcome.js';

/** Checks what `retry` needs before the store is opened (a failure is replanned as soon as it is found). */
function checkRetry(values: Values): void {
  failureFilterOf(values);
  if ((values.from === undefined) !== (values.to === undefined))
    throw new CliFailure('--from and --to go together: the days failed users are read over', EXIT.usage);
  if (values.from !== undefined) dayRangeOf(values);
  integer('concurrency', values.concurrency, 32);
  choice('progress', values.progress, ['text', 'json', 'none']);
  retryLimits(values);
  clientOf(values);
}

/** How retry ends: the first failure's exit code and stderr line stand (success, none). */
type End = ReturnType<typeof endOfRun>;

async function retryCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const concurrency = integer('concurrency', values.concurrency, 32);
  const mode = choice('progress', values.progress, ['text', 'json', 'none']);
  const found = await replanFailures(store, failureFilterOf(values));
  for (const window of found.windows) process.stdout.write(`retrying window ${failedWindowText(window)}\n`);
  // Failed users are read again only over the days --from and --to name.
  const readsUsers = values.from !== undefined;
  for (const user of found.users)
    process.stdout.write(`${readsUsers ? 'retrying' : 'not retrying'} user ${user.clientUserId}\n`);
  if (found.windows.length === 0 && found.users.length === 0) {
    process.stdout.write('nothing to retry: no failure matches\n');
    return EXIT.ok;
  }
  const queue = values.redis
    ? (await import('../../bullmq.js')).createSyncQueue({ redis: values.redis })
    : undefined;
  try {
    const sync = createSync({
      client: clientOf(values),
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
    let end: End = { code: EXIT.ok };
    const keep = (next: End) => {
      if (end.code === EXIT.ok) end = next;
    };
    const report = async (what: string, run: ReturnType<typeof sync.resumePending>) => {
      await showProgress(run, mode);
      const result: RunResult = await run.result;
      process.stdout.write(`${what}: ${outcomeText(result)}\n`);
      keep(endOfRun(result));
    };
    // The replanned windows are pending now: a run of what is pending reads them (and anything else owed).
    if (found.windows.length > 0) await report('windows', sync.resumePending({ signal }));
    if (found.users.length > 0) {
      const ids = found.users.map((user) => user.clientUserId);
      if (!readsUsers) {
        process.stdout.write(
          `not retried: ${ids.length} failed users (give --from and --to: the days to read for them)\n`,
        );
        keep({
          code: EXIT.failures,
          line: `${ids.length} failed users not retried: give --from and --to, the days to read for them`,
        });
      } else
        await report(
          'users',
          sync.backfill({ users: ids, from: values.from as string, to: values.to as string, signal }),
        );
    }
    // One line for the whole command, as for every run that does not end done.
    if (end.line) process.stderr.write(`svc-sync: ${end.line}\n`);
    return end.code;
  } finally {
    await queue?.close();
  }
}

/** `svc-sync retry`, as ../cli.ts runs it. */
export const command: Command = { check: checkRetry, run: retryCommand };
