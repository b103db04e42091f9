// The errors @svc/sync throws itself (the client's typed errors pass through unchanged).
import { nameErrors } from '../internal/name-errors.js';

/** Base class of every error of @svc/sync. */
export class SyncError extends Error {}

/** A store address that is not `sqlite:<file>` or `postgres://…`. */
export class StoreUrlError extends SyncError {}

/** The SQLite file is locked by another process (another svc-sync run, or a tool holding a transaction). */
export class StoreLockedError extends SyncError {}

/** The store could not be opened or reached (missing directory, refused connection, wrong password). */
export class StoreUnavailableError extends SyncError {}

/** An answer of the service lacks what a row's natural key needs: a defect to report, not to retry. */
export class ShapeError extends SyncError {}

/** Bad input to createSync, backfill or the CLI, caught before any request. */
export class SyncInputError extends SyncError {}

/** The queue (Redis) could not be reached: nothing could be handed to the workers. */
export class QueueUnavailableError extends SyncError {}

/**
 * The service's `Date` header is far ahead of this machine's clock (ServiceClock's bound): believing it
 * would record as covered days the service has not produced. The run ends `incomplete` (`service_clock`).
 */
export class ServiceClockError extends SyncError {
  constructor(
    message: string,
    /** How far ahead of this machine's clock the service's was, in milliseconds. */
    readonly aheadMs: number,
  ) {
    super(message);
  }
}

/**
 * The store's schema is newer than this version of @svc/sync understands (a newer deployment migrated
 * it): upgrade @svc/sync. Nothing was changed.
 */
export class StoreVersionError extends SyncError {
  constructor(
    message: string,
    /** The schema version the store holds. */
    readonly storeVersion: number,
    /** The newest schema version this @svc/sync writes. */
    readonly supportedVersion: number,
  ) {
    super(message);
  }
}

/**
 * The store lacks a table or column its schema version has (dropped or altered by hand, or restored in
 * part): nothing is read or written until it is repaired. Names what is missing, never a value.
 */
export class StoreDamagedError extends SyncError {
  constructor(
    message: string,
    /** What is missing: `table` or `table.column`. */
    readonly missing: readonly string[],
  ) {
    super(message);
  }
}

/**
 * The store is bound to another team (a different API key's fingerprint): its windows and users are not
 * this key's to read. Carries the two fingerprints, never a key.
 */
export class StoreTeamMismatchError extends SyncError {
  constructor(
    message: string,
    /** The fingerprint the store is bound to. */
    readonly storeFingerprint: string,
    /** The fingerprint of the key in use. */
    readonly keyFingerprint: string,
  ) {
    super(message);
  }
}

nameErrors({
  SyncError,
  StoreUrlError,
  StoreLockedError,
  StoreUnavailableError,
  ShapeError,
  SyncInputError,
  QueueUnavailableError,
  ServiceClockError,
  StoreDamagedError,
  StoreVersionError,
  StoreTeamMismatchError,
});
