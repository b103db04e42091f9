import type { StoreSchema } from './migrations/migrations.js';
import type { SyncStore } from './store.js';

/**
 * What `svc-sync migrate` asks of a store besides the SyncStore contract (the sync never needs it):
 * its schema read without changing it, and rebinding it to a rotated key.
 */
export interface StoreMaintenance {
  schema(): Promise<StoreSchema>;
  /** Binds the store to `fingerprint`, whatever it was bound to; returns the fingerprint it replaced. */
  rebindTeam(fingerprint: string): Promise<string | null>;
}

export type MaintainedStore = SyncStore & StoreMaintenance;
