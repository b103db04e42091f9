// svc-sync worker: reads the windows `backfill --redis` queued, into a shared (PostgreSQL) store.
import { createSyncWorker } from '../../bullmq.js';
import { applyRetention, type RetentionPolicy } from '../../erasure/retention.js';
import type { SyncStore } from '../../stores/store.js';
import { clientOf, integer, retryLimits, teamOf } from '../cli-values.js';
import type { Command } from '../command.js';
import { CliFailure, EXIT } from '../exit-codes.js';
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

/** Checks what `worker` needs before the store is opened. */
function checkWorker(values: Values): void {
  clientOf(values);
  if (!values.redis) throw new CliFailure('worker needs --redis redis://host:6379', EXIT.usage);
  if (!/^postgres(ql)?:\/\//.test(values.store ?? ''))
    throw new CliFailure('worker needs a shared store: --store postgres://user:password@host/db', EXIT.usage);
  integer('concurrency', values.concurrency, 8);
  integer('lock-ms', values['lock-ms'], 30_000, 1_000);
  if (values['retain-days'] !== undefined) retainDaysOf(values);
}

async function workerCommand(values: Values, store: SyncStore, signal: AbortSignal): Promise<number> {
  let done = 0;
  let last = Date.now();
  let fatal: unknown;
  const stopped = new AbortController();
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
        process.stderr.write(`worker ${process.pid}: a job of an erased user: nothing stored\n`);
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
  const started = await Promise.race([
    reader.ready.then(() => true),
    new Promise<false>((resolve) => signal.addEventListener('abort', () => resolve(false), { once: true })),
  ]).catch((error: unknown) => {
    fatal ??= error;
    return false;
  });
  if (started) process.stdout.write(`svc-sync worker ${process.pid} reading jobs from the queue\n`);
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
  await new Promise<void>((resolve) => {
    if (signal.aborted || stopped.signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(retaining);
  await reader.close();
  await retention;
  if (fatal) throw fatal;
  return EXIT.ok;
}

/** `svc-sync worker`, as ../cli.ts runs it. */
export const command: Command = { check: checkWorker, run: workerCommand };
