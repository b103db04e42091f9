// svc-sync worker: reads the windows `backfill --redis` queued, into a shared (PostgreSQL) store.

import { createSyncQueue, createSyncWorker } from '../../bullmq.js';
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
  clientOf(values);
  if (!values.redis) throw new CliFailure('worker needs --redis redis://host:6379', EXIT.usage);
  if (!/^postgres(ql)?:\/\//.test(values.store ?? ''))
    throw new CliFailure('worker needs a shared store: --store postgres://user:password@host/db', EXIT.usage);
  integer('concurrency', values.concurrency, 8);
  integer('lock-ms', values['lock-ms'], 30_000, 1_000);
  if (values['retain-days'] !== undefined) retainDaysOf(values);
  if (values['metrics-port'] !== undefined) integer('metrics-port', values['metrics-port'], 9464, 0, 65_535);
  choice('log', values.log, ['text', 'json']);
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
  const policy = values['retain-days'] === undefined ? undefined : retainDaysOf(values);
  let retention: Promise<void> = Promise.resolve();
  const retaining =
    started && policy
      ? setInterval(() => {
          retention = retention.then(() => retainNow(store, policy));
        }, RETAIN_EVERY_MS).unref()
      : undefined;
  if (started && policy) retention = retainNow(store, policy);
  // The queue's depth, for the heartbeat and (when asked for) the metrics.
  const queue = started ? createSyncQueue({ redis: values.redis as string }) : undefined;
  // A console (`svc-sync serve`) on the same store sees this worker through its heartbeat rows.
  const heartbeats = started
    ? publishHeartbeats(
        store,
        windowProgress(AbortSignal.any([signal, stopped.signal])),
        'worker',
        queue?.counts,
      )
    : undefined;
  // Health, readiness and metrics only when asked for: the worker serves nothing else.
  const operations =
    queue && values['metrics-port'] !== undefined ? commandOperations(store, queue.counts) : undefined;
  const server = operations
    ? await serveOperations(
        operations,
        integer('metrics-port', values['metrics-port'], 9464, 0, 65_535),
        values.host ?? '127.0.0.1',
      ).catch((error: unknown) => {
        fatal ??= error;
        stopped.abort();
        return undefined;
      })
    : undefined;
  if (server)
    log(
      'info',
      'metrics',
      `worker ${process.pid}: /healthz, /readyz and /metrics on http://${values.host ?? '127.0.0.1'}:${server.port}`,
      {
        port: server.port,
      },
    );
  await new Promise<void>((resolve) => {
    if (signal.aborted || stopped.signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(retaining);
  await server?.close();
  operations?.close();
  await heartbeats;
  await queue?.close();
  await reader.close();
  await retention;
  if (fatal) throw fatal;
  return EXIT.ok;
}

/** `svc-sync worker`, as ../cli.ts runs it. */
export const command: Command = { check: checkWorker, run: workerCommand };
