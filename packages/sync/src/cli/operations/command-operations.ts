// The operation routes of one command, wired to its store and, when it uses one, its BullMQ queue.
import type { SyncStore } from '../../stores/store.js';
import type { Operations } from './operations-routes.js';
import { createReadiness, type Probe, storeProbe } from './readiness.js';
import { createSyncMetrics } from './sync-metrics.js';

export interface CommandOperations extends Operations {
  close(): void;
}

/** `queueCounts`: the queue's jobs by state; reading them is also how Redis is probed. */
export function commandOperations(
  store: SyncStore,
  queueCounts?: () => Promise<Record<string, number>>,
): CommandOperations {
  const probes: Record<string, Probe> = { store: storeProbe(store) };
  if (queueCounts) probes.redis = queueCounts;
  const metrics = createSyncMetrics({ store, ...(queueCounts ? { queueCounts } : {}) });
  return { readiness: createReadiness(probes), metrics, close: () => metrics.close() };
}
