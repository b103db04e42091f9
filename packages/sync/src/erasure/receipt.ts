// What an erasure, a provider's forgetting or a retention run hands the partner's audit trail: counts,
// times, the store and the tombstone's keyed hash; never an id or a health value. Its JSON Schema ships
// as @svc/sync/receipt.schema.json.
import type { ResourceName } from '../resources.js';
import type { ScrubResult, StoreErasure, SyncStore } from '../stores/store.js';

/**
 * A run's scrub when the store's own did not run: `deferred` (left for `svc-sync scrub`: the deleted
 * bytes are still in the files), or `none` (nothing was deleted: nothing to rewrite).
 */
export interface SkippedScrub {
  method: 'deferred' | 'none';
  complete: boolean;
  tables: string[];
  ms: 0;
}

/** What was removed from a BullMQ queue: jobs, event-stream entries and other keys naming the user. */
export interface QueueErasure {
  jobs: number;
  events: number;
  keys: number;
  /** Jobs a live worker held (they could not be removed; the store refuses what they would write). */
  leftActive: number;
}

export interface ErasureReceipt {
  /** What ran. */
  kind: 'erase_user' | 'forget_provider' | 'retention';
  /** When it started and ended (ISO). */
  startedAt: string;
  finishedAt: string;
  store: StoreErasure['store'];
  /** The erased user's tombstone (a keyed hash); null for other runs. */
  tombstone: string | null;
  /** `forget_provider`: the provider forgotten (a slug, not a user's data). */
  provider?: string;
  /** `forget_provider`: whether the service deregistered it (false: already gone there, 404). */
  deregistered?: boolean;
  /** `retention`: days kept per resource, and the instant each resource's rows before were removed. */
  retainDays?: Partial<Record<ResourceName, number>>;
  cutoffs?: Partial<Record<ResourceName, string>>;
  /** Rows deleted per table. */
  removed: Record<string, number>;
  queue?: QueueErasure;
  scrub: ScrubResult | SkippedScrub;
}

/**
 * Rewrites the tables a run deleted rows from, now or later (none: nothing to rewrite). `otherwise`: the
 * tables to rewrite when no row was deleted (an erasure run again after a failure must still leave no bytes).
 */
export async function scrubAfter(
  store: SyncStore,
  removed: Record<string, number>,
  when: 'now' | 'later' | undefined,
  otherwise: string[] = [],
): Promise<ScrubResult | SkippedScrub> {
  const touched = Object.entries(removed)
    .filter(([, n]) => n > 0)
    .map(([table]) => table);
  const tables = touched.length > 0 ? touched : otherwise;
  if (tables.length === 0) return { method: 'none', complete: true, tables, ms: 0 };
  if (when === 'later') return { method: 'deferred', complete: false, tables, ms: 0 };
  return store.scrub(tables);
}
