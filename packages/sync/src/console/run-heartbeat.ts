// How a separate `svc-sync serve` sees a running backfill, worker or receiver: the process writes a small
// heartbeat row into the store it writes to anyway (svc_meta), its progress counters every 2 s and once
// at the end; the console reads the rows. No port, no Redis and no file: whatever can read the store
// can see its runs. Counters only (requests, 429s, concurrency, windows, rows): never a user or a value.
import { randomUUID } from 'node:crypto';
import type { SyncProgress } from '../progress.js';
import type { SyncStore } from '../stores/store.js';
import type { StoreMaintenance } from '../stores/store-maintenance.js';
import { within } from '../within.js';

/** How often a run writes its heartbeat: often enough for a live chart, seldom enough to cost nothing. */
export const HEARTBEAT_MS = 2_000;
/**
 * How often a run whose figures stand still (an idle worker or receiver) writes one anyway, to say it
 * is alive. Seldom: every write moves the store's change mark, which makes the console merge its
 * coverage maps afresh. The page calls a run stopped after 2.5 of these without a beat.
 */
export const KEEPALIVE_MS = 30_000;
/** Heartbeats older than this are removed by the next run that starts. */
const KEPT_MS = 86_400_000;
export const HEARTBEAT_PREFIX = 'run:';
/**
 * How long a beat waits for the queue's counts before it is written without them, and the last one
 * (written while the process stops): a beat is due every 2 s, and a stop must end within the CLI's 5 s
 * with Redis down or frozen, where a queue call itself waits up to 5 s.
 */
const COUNTS_MS = 1_000;
const LAST_COUNTS_MS = 500;

/** One heartbeat row's value. */
export interface Heartbeat {
  kind: 'backfill' | 'worker' | 'webhooks';
  /** When the process began writing (ISO). */
  started: string;
  /** The process's id on its machine: tells two workers apart. */
  pid: number;
  /** When it was written (ISO). */
  at: string;
  progress: SyncProgress;
  /** With BullMQ: the queue's jobs by state when the heartbeat was written (absent if Redis did not answer). */
  queue?: Record<string, number>;
}

/**
 * The row of one beat, `run:<written at>:<run id>`: each beat moves its run's row to a new key, so the
 * newest keys are the live runs however long ago they started (a worker runs for weeks), and old ones
 * are removed by a range.
 */
const keyOf = (at: number, id: string) => `${HEARTBEAT_PREFIX}${new Date(at).toISOString()}:${id}`;

/**
 * Writes `run`'s progress as heartbeats until it ends. Best effort: a store that cannot take them (one
 * of the partner's own making) gets none, and a failed write is skipped: a heartbeat never stops a run.
 */
export async function publishHeartbeats(
  store: SyncStore,
  run: AsyncIterable<SyncProgress>,
  kind: Heartbeat['kind'],
  /** The BullMQ queue's job counts, for a run that queues its windows. */
  queueCounts?: () => Promise<Record<string, number>>,
): Promise<void> {
  const meta = store as Partial<StoreMaintenance>;
  if (typeof meta.writeMeta !== 'function' || typeof meta.readRows !== 'function') return;
  const write = meta.writeMeta.bind(store);
  const started = Date.now();
  const id = randomUUID().slice(0, 8);
  await meta
    .readRows<{ key: string }>("SELECT key FROM svc_meta WHERE key LIKE 'run:%' AND key < ?", [
      `${HEARTBEAT_PREFIX}${new Date(started - KEPT_MS).toISOString()}`,
    ])
    .then((old) => Promise.all(old.map((row) => write(row.key, null))))
    .catch(() => {});
  let last = 0;
  let written: string | undefined;
  let figures = '';
  for await (const progress of run) {
    const now = Date.now();
    if (!progress.finished && now - last < HEARTBEAT_MS) continue;
    const queue = queueCounts
      ? await within(progress.finished ? LAST_COUNTS_MS : COUNTS_MS, queueCounts).catch(() => undefined)
      : undefined;
    // What moved since the last beat (not the clock's figures): nothing, and it is not yet time to say
    // it is alive, is no write.
    const { elapsedMs: _e, requestsPerSecond: _r, etaMs: _t, ...counters } = progress;
    const seen = JSON.stringify({ counters, queue });
    if (!progress.finished && seen === figures && now - last < KEEPALIVE_MS) continue;
    figures = seen;
    last = now;
    const beat: Heartbeat = {
      kind,
      started: new Date(started).toISOString(),
      pid: process.pid,
      at: new Date(now).toISOString(),
      progress,
      ...(queue ? { queue } : {}),
    };
    const key = keyOf(now, id);
    // The new row first: between the two writes the run has two rows, which the reader folds into one.
    const moved = await write(key, JSON.stringify(beat)).then(
      () => true,
      () => false,
    );
    if (!moved) continue;
    if (written !== undefined && written !== key) await write(written, null).catch(() => {});
    written = key;
  }
}

/** One run as the console shows it: its newest heartbeat, with the run's id. */
export type RunBeat = Heartbeat & { run: string };

/** The runs that wrote in the last day, by their newest heartbeat, newest first (at most `limit`). */
export async function readHeartbeats(
  store: Pick<StoreMaintenance, 'readRows'>,
  limit: number,
): Promise<RunBeat[]> {
  // Twice the rows: a run caught between its two writes has two.
  const rows = await store.readRows<{ key: string; value: string }>(
    "SELECT key, value FROM svc_meta WHERE key LIKE 'run:%' AND key >= ? ORDER BY key DESC LIMIT ?",
    [`${HEARTBEAT_PREFIX}${new Date(Date.now() - KEPT_MS).toISOString()}`, limit * 2],
  );
  const runs = new Map<string, RunBeat>();
  for (const row of rows) {
    const run = row.key.slice(row.key.lastIndexOf(':') + 1);
    if (!runs.has(run)) runs.set(run, { run, ...(JSON.parse(row.value) as Heartbeat) });
  }
  return [...runs.values()].slice(0, limit);
}
