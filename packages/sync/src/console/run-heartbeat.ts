// How a separate `svc-sync serve` sees a running backfill: the run writes a small heartbeat row into the
// store it writes to anyway (svc_meta, key `run:<start>:<id>`), its progress counters every 2 s and once
// at the end; the console reads the rows. No port, no Redis and no file: whatever can read the store
// can see its runs. Counters only (requests, 429s, concurrency, windows, rows): never a user or a value.
import { randomUUID } from 'node:crypto';
import type { SyncProgress } from '../progress.js';
import type { SyncStore } from '../stores/store.js';
import type { StoreMaintenance } from '../stores/store-maintenance.js';

/** How often a run writes its heartbeat: often enough for a live chart, seldom enough to cost nothing. */
export const HEARTBEAT_MS = 2_000;
/** Heartbeats older than this are removed by the next run that starts. */
const KEPT_MS = 86_400_000;
export const HEARTBEAT_PREFIX = 'run:';

/** One heartbeat row's value. */
export interface Heartbeat {
  kind: 'backfill' | 'worker' | 'webhooks';
  /** When it was written (ISO). */
  at: string;
  progress: SyncProgress;
  /** With BullMQ: the queue's jobs by state when the heartbeat was written (absent if Redis did not answer). */
  queue?: Record<string, number>;
}

/** The key of the run started at `at`: ordered by start time, so old ones are removed by a range. */
const keyOf = (at: number) => `${HEARTBEAT_PREFIX}${new Date(at).toISOString()}:${randomUUID().slice(0, 8)}`;

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
  const key = keyOf(started);
  await meta
    .readRows<{ key: string }>("SELECT key FROM svc_meta WHERE key LIKE 'run:%' AND key < ?", [
      `${HEARTBEAT_PREFIX}${new Date(started - KEPT_MS).toISOString()}`,
    ])
    .then((old) => Promise.all(old.map((row) => write(row.key, null))))
    .catch(() => {});
  let last = 0;
  for await (const progress of run) {
    const now = Date.now();
    if (!progress.finished && now - last < HEARTBEAT_MS) continue;
    last = now;
    const queue = await queueCounts?.().catch(() => undefined);
    const beat: Heartbeat = { kind, at: new Date(now).toISOString(), progress, ...(queue ? { queue } : {}) };
    await write(key, JSON.stringify(beat)).catch(() => {});
  }
}

/** The heartbeats of the runs started in the last day, newest first (at most `limit`). */
export async function readHeartbeats(
  store: Pick<StoreMaintenance, 'readRows'>,
  limit: number,
): Promise<(Heartbeat & { run: string })[]> {
  const rows = await store.readRows<{ key: string; value: string }>(
    "SELECT key, value FROM svc_meta WHERE key LIKE 'run:%' AND key >= ? ORDER BY key DESC LIMIT ?",
    [`${HEARTBEAT_PREFIX}${new Date(Date.now() - KEPT_MS).toISOString()}`, limit],
  );
  return rows.map((row) => ({
    run: row.key.slice(HEARTBEAT_PREFIX.length),
    ...(JSON.parse(row.value) as Heartbeat),
  }));
}
