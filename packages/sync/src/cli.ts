// svc-sync: backfill, status, webhooks, worker, migrate, export, erase, forget, retain, scrub and
// serve (one file per command under cli/).
// Expected failures print one line and exit with a documented code (cli/exit-codes.ts); nothing prints
// the API key or a store password.
import { channel } from 'node:diagnostics_channel';
import { AbortError, AuthenticationError, ConnectionError, PermissionDeniedError } from '@svc/client';
import { teamOf } from './cli/cli-values.js';
import type { Command } from './cli/command.js';
import { type CommandName, helpText } from './cli/command-table.js';
import { migrateCommand } from './cli/commands/migrate-command.js';
import { CliFailure, EXIT } from './cli/exit-codes.js';
import { checkStoreAddress, openCliStore } from './cli/open-cli-store.js';
import { parseCommand } from './cli/parse-command.js';
import {
  QueueUnavailableError,
  StoreDamagedError,
  StoreLockedError,
  StoreTeamMismatchError,
  StoreUnavailableError,
  StoreVersionError,
  SyncInputError,
} from './errors/errors.js';
import { redisOptions } from './redis-options.js';
import { CLI_EXIT_CHANNEL, type CliExitMessage } from './sync-channels.js';

/**
 * The commands that open a store, each loaded when it is the one run (BullMQ, pg and @svc/health weigh
 * tens of MB a run that does not use them should not carry); `key`: it reads with the team's key (the
 * store is bound to that team first); `readOnly`: it only reads the store.
 */
const COMMANDS: Record<
  Exclude<CommandName, 'migrate'>,
  { load: () => Promise<{ command: Command }>; key?: true; readOnly?: true }
> = {
  backfill: { load: () => import('./cli/commands/backfill-command.js'), key: true },
  status: { load: () => import('./cli/commands/status-command.js'), readOnly: true },
  webhooks: { load: () => import('./cli/commands/webhooks-command.js'), key: true },
  worker: { load: () => import('./cli/commands/worker-command.js'), key: true },
  export: { load: () => import('./cli/commands/export-command.js'), readOnly: true },
  retry: { load: () => import('./cli/commands/retry-command.js'), key: true },
  clear: { load: () => import('./cli/commands/clear-command.js') },
  erase: { load: () => import('./cli/commands/erase-command.js') },
  forget: { load: () => import('./cli/commands/forget-command.js'), key: true },
  retain: { load: () => import('./cli/commands/retain-command.js') },
  scrub: { load: () => import('./cli/commands/scrub-command.js') },
  serve: { load: () => import('./cli/commands/serve-command.js'), readOnly: true },
};

async function main(argv: string[]): Promise<number> {
  const { command, values } = parseCommand(argv);
  if (values.help || !command) {
    process.stdout.write(`${helpText(command)}\n`);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  if (command === 'migrate') return migrateCommand(values);
  const { load, key, readOnly } = COMMANDS[command];
  const { check, run } = (await load()).command;
  // Every argument is checked before the store is touched or a request sent: the store's and Redis's
  // addresses, then the command's own (each command checks the key and service URL after its options).
  checkStoreAddress(values.store);
  if (values.redis) redisOptions(values.redis);
  check?.(values);
  const controller = new AbortController();
  const interrupt = () => {
    controller.abort(new CliFailure('interrupted; run the same command again to resume', EXIT.interrupted));
    // Every wait listens to the signal; whatever still holds on (a close to an unreachable server) is cut.
    setTimeout(() => {
      process.stderr.write('svc-sync: interrupted; run the same command again to resume\n');
      process.exit(EXIT.interrupted);
    }, 5_000).unref();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const store = await openCliStore(values.store, readOnly);
  try {
    // A key of another team stops every command that reads with it, before anything is read.
    if (key) await store.bindTeam(teamOf());
    return await run(values, store, controller.signal);
  } finally {
    await store.close();
  }
}

function codeOf(error: unknown): { message: string; code: number } {
  if (error instanceof CliFailure) return { message: error.message, code: error.code };
  if (error instanceof SyncInputError) return { message: error.message, code: EXIT.usage };
  if (
    error instanceof StoreLockedError ||
    error instanceof StoreUnavailableError ||
    error instanceof QueueUnavailableError
  )
    return { message: error.message, code: EXIT.store };
  if (
    error instanceof StoreTeamMismatchError ||
    error instanceof StoreVersionError ||
    error instanceof StoreDamagedError
  )
    return { message: error.message, code: EXIT.storeMismatch };
  if (error instanceof ConnectionError)
    return { message: `the service could not be reached: ${error.message}`, code: EXIT.unreachable };
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    return { message: `the service refused the API key: ${error.message}`, code: EXIT.auth };
  if (error instanceof AbortError)
    return { message: 'interrupted; run the same command again to resume', code: EXIT.interrupted };
  return { message: error instanceof Error ? error.message : String(error), code: EXIT.error };
}

/** How long the exit waits for what a subscriber of CLI_EXIT_CHANNEL asked it to (a tracer's last export). */
const EXIT_WAIT_MS = 5_000;

/** Exits with `code`, once what CLI_EXIT_CHANNEL's subscribers added has settled (at most EXIT_WAIT_MS). */
async function exit(code: number): Promise<never> {
  const exiting = channel(CLI_EXIT_CHANNEL);
  if (exiting.hasSubscribers) {
    const message: CliExitMessage = { code, waitFor: [] };
    exiting.publish(message);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(message.waitFor),
      new Promise((resolve) => {
        timer = setTimeout(resolve, EXIT_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  process.exit(code);
}

main(process.argv.slice(2)).then(exit, (error: unknown) => {
  const { message, code } = codeOf(error);
  process.stderr.write(`svc-sync: ${message.split('\n')[0]}\n`);
  return exit(code);
});
