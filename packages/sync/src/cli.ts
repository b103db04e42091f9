// svc-sync: backfill, status, webhooks and worker. Expected failures print one line and exit with a
// documented code (cli/exit-codes.ts); nothing prints the API key or a store password.
import { parseArgs } from 'node:util';
import {
  AbortError,
  AuthenticationError,
  ConnectionError,
  createClient,
  PermissionDeniedError,
  type SvcClient,
  ValidationError,
} from '@svc/client';
import { createSyncQueue, createSyncWorker, redisOptions } from './bullmq.js';
import { CliFailure, EXIT } from './cli/exit-codes.js';
import { incompleteLine } from './cli/incomplete-line.js';
import { MIGRATE_USAGE, migrateCommand } from './cli/migrate-command.js';
import { openCliStore } from './cli/open-cli-store.js';
import { showProgress } from './cli/progress-view.js';
import { readUsers } from './cli/read-users.js';
import { serveWebhooks } from './cli/serve-webhooks.js';
import { createSync } from './create-sync.js';
import { QueueUnavailableError, StoreLockedError, StoreUnavailableError, SyncInputError } from './errors.js';
import { isResource, RESOURCES, type ResourceName } from './resources.js';
import type { SyncStore } from './store.js';
import type { RunResult } from './sync-types.js';

const USAGE = `Usage:
  svc-sync backfill --store <sqlite:FILE|postgres://…> --users <a,b|@file> --from YYYY-MM-DD --to YYYY-MM-DD
                    [--resources steps,sleep,…] [--base-url URL] [--concurrency N] [--redis redis://…]
                    [--max-attempts 5] [--max-backoff-ms 30000]
  svc-sync status   --store <…> [--json]
  svc-sync webhooks --store <…> --port N [--host 127.0.0.1] [--secret whsec_…] [--redis redis://…]
  svc-sync worker   --store postgres://… --redis redis://… [--concurrency N] [--lock-ms 30000]
${MIGRATE_USAGE}

The API key is read from SVC_API_KEY; the webhook secret from --secret or SVC_WEBHOOK_SECRET.
Resources: ${RESOURCES.join(', ')} (default: all).
Exit codes: 0 done, 1 error, 2 bad arguments or missing key, 3 store or Redis locked or unreachable,
4 incomplete (rate limited: run again to resume), 5 done with failures, 6 key refused,
7 the service could not be reached (run again to resume), 8 the store belongs to another team,
130 interrupted.`;

const OPTIONS = {
  store: { type: 'string' },
  users: { type: 'string' },
  resources: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  'base-url': { type: 'string' },
  concurrency: { type: 'string' },
  redis: { type: 'string' },
  json: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  secret: { type: 'string' },
  'lock-ms': { type: 'string' },
  'max-attempts': { type: 'string' },
  'max-backoff-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function integer(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CliFailure(
      `--${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`,
      EXIT.usage,
    );
  return n;
}

/** The retry bounds given on the command line (the library's defaults otherwise). */
const retryLimits = (values: Values) => ({
  ...(values['max-attempts'] ? { maxAttempts: integer('max-attempts', values['max-attempts'], 5) } : {}),
  ...(values['max-backoff-ms']
    ? { maxBackoffMs: integer('max-backoff-ms', values['max-backoff-ms'], 30_000, 1) }
    : {}),
});

function resourcesOf(value: string | undefined): ResourceName[] {
  if (value === undefined) return [...RESOURCES];
  const names = value.split(',').map((name) => name.trim());
  for (const name of names)
    if (!isResource(name))
      throw new CliFailure(
        `--resources: unknown resource "${name}"; use ${RESOURCES.join(', ')}`,
        EXIT.usage,
      );
  return names as ResourceName[];
}

function clientOf(values: Values): SvcClient {
  if (!process.env.SVC_API_KEY)
    throw new CliFailure(
      'SVC_API_KEY is not set: export your team API key (export SVC_API_KEY=sk_…)',
      EXIT.usage,
    );
  try {
    return createClient({ baseUrl: values['base-url'], maxRetries: 0 });
  } catch (error) {
    if (error instanceof ValidationError)
      throw new CliFailure(`${error.message} (pass --base-url or set SVC_BASE_URL)`, EXIT.usage);
    throw error;
  }
}

const EXIT_OF: Record<RunResult['status'], number> = {
  done: EXIT.ok,
  queued: EXIT.ok,
  done_with_failures: EXIT.failures,
  incomplete: EXIT.incomplete,
};

async function backfill(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  for (const name of ['users', 'from', 'to'] as const)
    if (!values[name]) throw new CliFailure(`--${name} is required (svc-sync --help)`, EXIT.usage);
  const client = clientOf(values);
  const concurrency = integer('concurrency', values.concurrency, 32);
  const queue = values.redis ? createSyncQueue({ redis: values.redis }) : undefined;
  try {
    const sync = createSync({
      client,
      store,
      resources: resourcesOf(values.resources),
      limits: {
        maxConcurrency: concurrency,
        initialConcurrency: Math.min(4, concurrency),
        ...retryLimits(values),
      },
      ...(queue ? { dispatch: queue.dispatch } : {}),
    });
    const run = sync.backfill({
      users: await readUsers(values.users as string),
      from: values.from as string,
      to: values.to as string,
      signal,
    });
    await showProgress(run);
    const result = await run.result;
    const { windows } = result.progress;
    process.stdout.write(
      `${result.status}: ${windows.done} windows stored, ${windows.queued} queued, ${windows.failed} failed, ` +
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

async function status(values: Values, store: SyncStore): Promise<number> {
  const counts = await store.status();
  if (values.json) process.stdout.write(`${JSON.stringify(counts)}\n`);
  else {
    for (const [resource, rows] of Object.entries(counts.rows))
      process.stdout.write(`${resource}: ${rows} rows\n`);
    process.stdout.write(
      `windows pending: ${counts.pending}, failed: ${counts.failed}; users failed: ${counts.failedUsers}\n`,
    );
  }
  return EXIT.ok;
}

async function webhooks(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const secret = values.secret ?? process.env.SVC_WEBHOOK_SECRET;
  if (!secret)
    throw new CliFailure('a webhook secret is required: --secret whsec_… or SVC_WEBHOOK_SECRET', EXIT.usage);
  const port = integer('port', values.port, 3000, 0, 65_535);
  const client = clientOf(values);
  const queue = values.redis ? createSyncQueue({ redis: values.redis }) : undefined;
  const sync = createSync({
    client,
    store,
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
  try {
    await serveWebhooks({ sync, secret, port, host: values.host ?? '127.0.0.1', signal });
  } finally {
    await sync.idle().catch(() => {});
    await queue?.close();
  }
  return EXIT.ok;
}

async function worker(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  const client = clientOf(values);
  let done = 0;
  let last = Date.now();
  let fatal: unknown;
  const stopped = new AbortController();
  const reader = createSyncWorker({
    redis: values.redis as string, // checked in main
    client,
    store,
    concurrency: integer('concurrency', values.concurrency, 8),
    lockDurationMs: integer('lock-ms', values['lock-ms'], 30_000, 1_000),
    limits: retryLimits(values),
    onWindow: (_window, outcome) => {
      if (outcome === 'done') done++;
      if (Date.now() - last > 2_000) {
        last = Date.now();
        process.stderr.write(`worker ${process.pid}: ${done} windows stored\n`);
      }
    },
    onOutage: (problem) =>
      process.stderr.write(
        problem
          ? `svc-sync: worker ${process.pid}: ${problem}; retrying until it is back\n`
          : `worker ${process.pid}: working again\n`,
      ),
    onFatal: (error) => {
      fatal ??= error;
      stopped.abort();
    },
  });
  process.stdout.write(`svc-sync worker ${process.pid} reading jobs from the queue\n`);
  await new Promise<void>((resolve) => {
    signal.addEventListener('abort', () => resolve(), { once: true });
    stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await reader.close();
  if (fatal) throw fatal;
  return EXIT.ok;
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'migrate') return migrateCommand(argv.slice(1));
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliFailure(`${(error as Error).message} (svc-sync --help)`, EXIT.usage);
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const commands = { backfill, status, webhooks, worker } as const;
  // Own names only: `constructor` or `__proto__` is no command.
  if (!Object.hasOwn(commands, command))
    throw new CliFailure(`unknown command "${command}" (svc-sync --help)`, EXIT.usage);
  // Arguments and the key are checked before the store is touched.
  if (command !== 'status') clientOf(values);
  if (command === 'worker') {
    if (!values.redis) throw new CliFailure('worker needs --redis redis://host:6379', EXIT.usage);
    if (!/^postgres(ql)?:\/\//.test(values.store ?? ''))
      throw new CliFailure(
        'worker needs a shared store: --store postgres://user:password@host/db',
        EXIT.usage,
      );
  }
  // A bad Redis address is refused before anything is opened.
  if (values.redis) redisOptions(values.redis);
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
  const store = await openCliStore(values.store);
  try {
    return await commands[command as keyof typeof commands](values, store, controller.signal);
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
  if (error instanceof ConnectionError)
    return { message: `the service could not be reached: ${error.message}`, code: EXIT.unreachable };
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    return { message: `the service refused the API key: ${error.message}`, code: EXIT.auth };
  if (error instanceof AbortError)
    return { message: 'interrupted; run the same command again to resume', code: EXIT.interrupted };
  return { message: error instanceof Error ? error.message : String(error), code: EXIT.error };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const { message, code } = codeOf(error);
    process.stderr.write(`svc-sync: ${message.split('\n')[0]}\n`);
    process.exit(code);
  },
);
