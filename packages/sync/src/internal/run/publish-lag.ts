// Each resource's freshness on LAG_CHANNEL after a run, read from the store by readFleetStatus (as
// `svc-sync status` reads it); the store is asked only while someone listens.
import { channel } from 'node:diagnostics_channel';
import { readFleetStatus } from '../../status/read-fleet-status.js';
import type { SyncStore } from '../../stores/store.js';
import { LAG_CHANNEL, type LagMessage } from '../../sync-channels.js';

const lag = channel(LAG_CHANNEL);

/** Publishes how complete the fleet is up to the start of `now`'s day (the service's today). */
export async function publishLag(store: SyncStore, now: Date): Promise<void> {
  if (!lag.hasSubscribers) return;
  let status: Awaited<ReturnType<typeof readFleetStatus>>;
  try {
    status = await readFleetStatus(store, { now, worst: 0 });
  } catch {
    // A store that cannot tell now leaves the last figures standing: tracing never fails a run.
    return;
  }
  for (const [resource, figures] of Object.entries(status.resources))
    lag.publish({
      resource,
      lagMs: figures.lagMs,
      users: figures.users,
      usersBehind: figures.behind,
      pendingDays: figures.holes.pendingDays,
      failedDays: figures.holes.failedDays,
    } satisfies LagMessage);
}
