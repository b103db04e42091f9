// svc-sync worker: reads the windows `backfill --redis` queued, into a shared (PostgreSQL) store.

import { createSyncQueue, createSyncWorker, type SyncQueue } from '../../bullmq.js';
import { publishHeartbeats } from '../../console/run-heartbeat.js';
import { windowProgress } from '../../console/window-progress.js';
import { applyRetention, type RetentionPolicy } from '../../erasure/retention.js';
import type { SyncStore } from '../../stores/store.js';
import { choice, clientOf, integer, retryLimits, teamOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { commandOperations } from '../operations/command-operations.js';
import { serveOperations } from '../operations/operations-server.js';
import type { Values } from '../parse-command.js';
import { retainDaysOf } from './retain-command.js';

/** How often a worker with --retain-days applies it (and once when it starts). */
const RETAIN_EVERY_MS = 86_400_000;

/** Applies the policy, printing its receipt as a JSON line; a failure is told and tried again next time. */
function retainNow(store: SyncStore, policy: RetentionPolicy): Promise<void> {
  return applyRetention(store, policy).then(
    (receipt) => {
      process.stdout.write(`${JSON.stringify(receipt)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(
        `svc-sync: worker ${process.pid}: retention failed (${(error as Error).message}); next try in 24 h\n`,
      );
    },
  );
}

type Level = 'info' | 'warn';

/**
 * What the worker says: readable lines (on stderr, its start on stdout), or with `--log json` one JSON
 * object a line on stdout, `{ time, level, event, pid, … }`. Never a secret, a user id or a health value.
 */
function workerLog(format: 'text' | 'json') {
  return (level: Level, event: string, text: string, fields: Record<string, unknown> = {}) => {
    if (format === 'json')
      process.stdout.write(
        `${JSON.stringify({ time: new Date().toISOString(), level, event, pid: process.pid, ...fields })}\n`,
      );
    else (event === 'started' ? process.stdout : process.stderr).write(`${text}\n`);
  };
}

/** Checks what `worker` needs before the store is opened. */
function checkWorker(values: Values): void {
  if (!/^postgres(ql)?:\/\//.test(values.store ?? ''))
    throw new CliFailure('worker needs a shared store: --store postgres://user:password@host/db', EXIT.usage);
  if (!values.redis) throw new CliFailure('worker needs --redis redis://host:6379', EXIT.usage);
  integer('concurrency', values.concurrency, 8);
  integer('lock-ms', values['lock-ms'], 30_000, 1_000);
  retryLimits(values);
  if (values['metrics-port'] !== undefined) integer('metrics-port', values['metrics-port'], 9464, 0, 65_535);
  choice('log', values.log, ['text', 'json']);
  if (values['retain-days'] !== undefined) retainDaysOf(values);
  clientOf(values);
}

/** With --retain-days: the policy applied now and every day after; `stop` waits for one in progress. */
function startRetention(store: SyncStore, values: Values): { stop(): Promise<void> } | undefined {
  if (values['retain-days'] === undefined) return undefined;
  const policy = retainDaysOf(values);
  let retention = retainNow(store, policy);
  const retaining = setInterval(() => {
    retention = retention.then(() => retainNow(store, policy));
  }, RETAIN_EVERY_MS).unref();
  return {
    stop() {
      clearInterval(retaining);
      return retention;
    },
  };
}

/**
 * With --metrics-port: /healthz, /readyz and /metrics (the queue's depth among them); the worker serves
 * nothing else. `close` stops the server, then the figures (the queue is the caller's to close).
 */
async function serveWorkerOperations(
  values: Values,
  store: SyncStore,
  queue: SyncQueue,
  log: ReturnType<typeof workerLog>,
): Promise<{ close(): Promise<void> } | undefined> {
  if (values['metrics-port'] === undefined) return undefined;
  const operations = commandOperations(store, queue.counts);
  const host = values.host ?? '127.0.0.1';
  const close = async (server?: { close(): Promise<void> }) => {
    await server?.close();
    operations.close();
  };
  const server = await serveOperations(
    operations,
    integer('metrics-port', values['metrics-port'], 9464, 0, 65_535),
    host,
  ).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  log(
    'info',
    'metrics',
    `worker ${process.pid}: /healthz, /readyz and /metrics on http://${host}:${server.port}`,
    {
      port: server.port,
    },
  );
  return { close: () => close(server) };
}

async function workerCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  let done = 0;
  let last = Date.now();
  let fatal: unknown;
  const stopped = new AbortController();
  const log = workerLog(choice('log', values.log, ['text', 'json']));
  const reader = createSyncWorker({
    redis: values.redis as string,
    client: clientOf(values),
    store,
    team: teamOf(),
    concurrency: integer('concurrency', values.concurrency, 8),
    lockDurationMs: integer('lock-ms', values['lock-ms'], 30_000, 1_000),
    limits: retryLimits(values),
    onWindow: (_window, outcome) => {
      if (outcome === 'done') done++;
      // Logged without the window (it names the erased user): its tombstone counts the refusal.
      if (outcome === 'erased')
        log('warn', 'erased', `worker ${process.pid}: a job of an erased user: nothing stored`);
      if (Date.now() - last > 2_000) {
        last = Date.now();
        log('info', 'progress', `worker ${process.pid}: ${done} windows stored`, { windows: done });
      }
    },
    onOutage: (problem) =>
      problem
        ? log('warn', 'outage', `svc-sync: worker ${process.pid}: ${problem}; retrying until it is back`, {
            problem,
          })
        : log('info', 'recovered', `worker ${process.pid}: working again`),
    onFatal: (error) => {
      fatal ??= error;
      stopped.abort();
    },
  });
  const started = await Promise.race([
    reader.ready.then(() => true),
    new Promise<false>((resolve) => signal.addEventListener('abort', () => resolve(false), { once: true })),
  ]).catch((error: unknown) => {
    fatal ??= error;
    return false;
  });
  if (started) log('info', 'started', `svc-sync worker ${process.pid} reading jobs from the queue`);
  else stopped.abort();
  const retention = started ? startRetention(store, values) : undefined;
  // The queue's depth, for the heartbeat and (when asked for) the metrics.
  const queue = started ? createSyncQueue({ redis: values.redis as string }) : undefined;
  // A console (`svc-sync serve`) on the same store sees this worker through its heartbeat rows.
  const heartbeats = queue
    ? publishHeartbeats(
        store,
        windowProgress(AbortSignal.any([signal, stopped.signal])),
        'worker',
        queue.counts,
      )
    : undefined;
  const operations = queue
    ? await serveWorkerOperations(values, store, queue, log).catch((error: unknown) => {
        fatal ??= error;
        stopped.abort();
        return undefined;
      })
    : undefined;
  await new Promise<void>((resolve) => {
    if (signal.aborted || stopped.signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const retained = retention?.stop();
  await operations?.close();
  // The last heartbeat, the queue and the reader end side by side: each is bounded, and together they
  // end within the 5 s the CLI gives a stop, even with Redis frozen or reconnecting.
  await Promise.all([heartbeats, queue?.close(), reader.close()]);
  await retained;
  if (fatal) throw fatal;
  return EXIT.ok;
}

/** `svc-sync worker`, as ../cli.ts runs it. */
export const command: Command = { check: checkWorker, run: workerCommand };
