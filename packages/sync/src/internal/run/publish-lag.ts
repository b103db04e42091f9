// Each resource's lag on LAG_CHANNEL after a run, read from the store as `svc-sync status` reads it;
// the store is asked only while someone listens.
import { channel } from 'node:diagnostics_channel';
import { lagMs, type SyncStore } from '../../stores/store.js';
import { LAG_CHANNEL, type LagMessage } from '../../sync-channels.js';

const lag = channel(LAG_CHANNEL);

export async function publishLag(store: SyncStore): Promise<void> {
  if (!lag.hasSubscribers) return;
  let statuses: Awaited<ReturnType<SyncStore['resourceStatus']>>;
  try {
    statuses = await store.resourceStatus();
  } catch {
    // A store that cannot tell now leaves the last figures standing: tracing never fails a run.
    return;
  }
  for (const status of statuses)
    lag.publish({ resource: status.resource, lagMs: lagMs(status) } satisfies LagMessage);
}
