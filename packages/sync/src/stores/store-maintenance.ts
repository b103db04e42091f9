import type { StoreSchema } from './migrations/migrations.js';
import type { SyncStore } from './store.js';

/**
 * What `svc-sync migrate` and `svc-sync serve` ask of a store besides the SyncStore contract (the sync
 * never needs it): its schema read without changing it, rebinding it to a rotated key, and a read the
 * console aggregates in the database.
 */
export interface StoreMaintenance {
  schema(): Promise<StoreSchema>;
  /** Binds the store to `fingerprint`, whatever it was bound to; returns the fingerprint it replaced. */
  rebindTeam(fingerprint: string): Promise<string | null>;
  /**
   * One SELECT written once for both databases (`?` placeholders, counts cast to INTEGER): its rows.
   * Only the console's own fixed queries come here, never text from a request.
   */
  readRows<R>(sql: string, params?: readonly (string | number)[]): Promise<R[]>;
  /** Sets (or with null removes) a key of svc_meta other than the store's own: a run's heartbeat. */
  writeMeta(key: string, value: string | null): Promise<void>;
  /**
   * A mark that differs from the last one read whenever any write has been committed since (by any
   * process or connection): equal marks mean the store's rows are unchanged. It may also change without
   * a write of ours (another database on the same PostgreSQL server): a cache keyed by it recomputes.
   */
  changeMark(): Promise<string>;
}

export type MaintainedStore = SyncStore & StoreMaintenance;
