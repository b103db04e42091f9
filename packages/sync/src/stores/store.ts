import type { DailySummaryRow, TimeseriesRow } from '@svc/health';
import type { ResourceName, SummaryResource } from '../resources.js';
import type { ErasedIds } from './tombstone-hash.js';

/** One unit of work: a user's resource from one provider over whole UTC days `start`..`end` (inclusive). */
export interface WindowKey {
  /** The service's user id. */
  userId: string;
  resource: ResourceName;
  provider: string;
  /** `YYYY-MM-DD`, inclusive. */
  start: string;
  /** `YYYY-MM-DD`, inclusive. */
  end: string;
}

/** A window with the fixed end time of the run that planned it: data after `asOf` is not asked for. */
export interface SyncWindow extends WindowKey {
  /** ISO date-time. */
  asOf: string;
  /**
   * How many times the window was planned, as the store counts: a commit marks the window done only if
   * no one planned it again meanwhile (a webhook announcing newer data while a backfill read it).
   */
  generation?: number;
}

/**
 * One hourly (or other) steps value, stored by its natural key (user, provider, start): @svc/health's
 * row, so an export hands it on as it is.
 */
export interface StepRow extends TimeseriesRow {
  /** The point as the service sent it. */
  data?: Record<string, unknown>;
  /** Set when a read finds the stored row damaged (its record not JSON): what is wrong, for the reader to record. */
  damaged?: string;
}

/**
 * Marks a steps row the sync itself made from a point it read: its `start` and `end` are the instants of
 * its record's own (`data`) start and end, parsed once, and `startMs` / `endMs` hold them; the store then
 * neither parses them again nor checks them against the record. A caller's row never carries it.
 */
export const READ_TIMES: unique symbol = Symbol('a steps row with its times as the sync read them');

/** A steps row the sync made from a point it read (see READ_TIMES). */
export type ReadStepRow = StepRow & { startMs: number; endMs: number; [READ_TIMES]: true };

/**
 * One daily summary, stored by its natural key (resource, user, provider, calendar date), `data` the
 * record as the service sent it: @svc/health's row, of a resource a sync keeps.
 */
export interface SummaryRow extends DailySummaryRow {
  resource: SummaryResource;
  /** Set when a read finds the stored row damaged (`data` is then `{}`): what is wrong. */
  damaged?: string;
}

/** What one window read: the rows to upsert. */
export interface WindowRows {
  steps: StepRow[];
  summaries: SummaryRow[];
}

/** A window read and ready to commit: its rows, and when its read started (ISO date-time). */
export interface WindowCommit {
  window: SyncWindow;
  rows: WindowRows;
  fetchedAt: string;
}

/** A user as resolved from its client user id, or why it could not be. */
export interface StoredUser {
  clientUserId: string;
  /**
   * The service's id of the user. Saved as null (a resolve that failed), a stored id is kept: the rows
   * stored under it stay findable, and erasable, by the client user id.
   */
  userId: string | null;
  providers: string[];
  /** Set when resolving failed for good (e.g. the user does not exist). */
  error: string | null;
}

/** What a window failed with for good: the typed error's name, status and message (never a secret). */
export interface WindowFailure {
  error: string;
  status: number | null;
  message: string;
}

/** A steps row's natural key: where a read of stored rows goes on from. */
export type StepKey = Pick<StepRow, 'userId' | 'provider' | 'start'>;

/** A summary row's natural key. */
export type SummaryKey = Pick<SummaryRow, 'resource' | 'userId' | 'provider' | 'calendarDate'>;

/** A window that failed for good, with its error and when it was recorded (ISO). */
export interface FailedWindow extends WindowKey {
  /** Its user's client user id (null: a user known to the store by its user id only). */
  clientUserId: string | null;
  failure: WindowFailure;
  at: string;
}

/** Where one resource stands in the store: how fresh its data is, and what is still owed. */
export interface ResourceStatus {
  resource: string;
  /** The end of the newest data stored (a steps point's end, a summary's calendar day's end), ISO. */
  newestData: string | null;
  /** The latest run end time its windows were planned with (ISO): what "current" means for it. */
  asOf: string | null;
  pending: number;
  failed: number;
  /** The pending window whose days are earliest, if any, with its user's client user id (null: known by user id only). */
  oldestPending: (WindowKey & { clientUserId: string | null }) | null;
  /** When the longest-owed pending window was planned (ISO), if any: how long work has waited. */
  pendingSince: string | null;
}

/**
 * Where one user's resource from one provider stands, from its windows: how far its stored days reach
 * without a gap, and what it still owes.
 */
export interface UserCoverage {
  userId: string;
  /** The partner's id of the user (null: a user known to the store by its user id only, from a webhook). */
  clientUserId: string | null;
  resource: string;
  provider: string;
  /** The latest instant a done window of it covers (ISO), or null when none is done. */
  coveredUntil: string | null;
  /** The first day of its earliest pending or failed window (`YYYY-MM-DD`), or null when nothing is owed. */
  firstOwedDay: string | null;
  /** Days of its pending windows and of its failed windows (each window's days, inclusive). */
  pendingDays: number;
  failedDays: number;
}

/** Where a walk of `userCoverage` goes on from: the key of the last row read. */
export type UserCoverageKey = Pick<UserCoverage, 'userId' | 'resource' | 'provider'>;

/** A user's failure as stored in `StoredUser.error`: the error's class, its status when it had one, its message. */
export const userFailureText = (failure: WindowFailure): string =>
  `${failure.error}${failure.status === null ? '' : ` (${failure.status})`}: ${failure.message}`;

/** `StoredUser.error` read back as class, status and message (text of an older version: class and message). */
export function userFailureOf(text: string): WindowFailure {
  const match = /^(\w+)(?: \((\d{3})\))?: ([\s\S]*)$/.exec(text);
  if (!match) return { error: 'Error', status: null, message: text };
  return {
    error: match[1] as string,
    status: match[2] ? Number(match[2]) : null,
    message: match[3] as string,
  };
}

/** One status change of a lab order, as a `labtest.order.*` webhook announced it. */
export interface LabOrderEvent {
  orderId: string;
  /** The service's user id the order is for, when the event names it. */
  userId: string | null;
  /** The order's status after this event (`received`, `completed`, … or another the service adds). */
  status: string;
  /** When the status changed (ISO date-time): the order's event time, else the delivery's. */
  occurredAt: string;
  /** The webhook's event type, e.g. `labtest.order.updated`. */
  eventType: string;
  /** The order record as the event carried it. */
  data: Record<string, unknown>;
}

/** A lab order as the store last heard of it: its latest status and record. */
export interface StoredLabOrder {
  orderId: string;
  userId: string | null;
  status: string | null;
  /** The time of the latest event applied (ISO). */
  updatedAt: string;
  data: Record<string, unknown>;
  /** Set when the stored record is damaged in the database. */
  damaged?: string;
}

/** A lab report parsing job as the job read returned it, its extracted results included. */
export interface StoredParsingJob {
  jobId: string;
  /** The service's user id the report is about, when known (the job record or its event names it). */
  userId: string | null;
  status: string;
  /** The job's `updated_at` (ISO): a job is replaced only by a newer one. */
  updatedAt: string;
  /** When the store took this version of the job (ISO). */
  storedAt: string;
  job: Record<string, unknown>;
  damaged?: string;
}

/** Counts of what a store holds. */
export interface SyncStatus {
  /** Rows stored per resource (as stored: each natural key once). */
  rows: Record<string, number>;
  /** Windows planned and not yet done. */
  pending: number;
  /** Windows that failed for good. */
  failed: number;
  /** Users whose resolution failed for good. */
  failedUsers: number;
}

/** What an erasure, a provider's forgetting or a retention run did to a store: counts, never an id or a value. */
export interface StoreErasure {
  /** Rows deleted, per table (for `svc_steps`, a row per day, the points removed). */
  removed: Record<string, number>;
  /** The erased user's tombstone: a keyed hash of its client user id (null for other runs). */
  tombstone: string | null;
  store: { kind: 'sqlite' | 'postgres'; schemaVersion: number };
}

/** How the bytes of deleted rows left the store's files. */
export interface ScrubResult {
  /** `sqlite-vacuum`: WAL checkpoint, VACUUM, checkpoint(TRUNCATE); `postgres-vacuum-full`: VACUUM (FULL, ANALYZE) of the tables. */
  method: 'sqlite-vacuum' | 'postgres-vacuum-full';
  /** False when another connection kept the WAL from being emptied: run `svc-sync scrub` again once it is idle. */
  complete: boolean;
  tables: string[];
  ms: number;
}

/**
 * Where checkpoints and data live: one interface, an implementation per database (SQLite, PostgreSQL).
 * Every write of a window's data and its checkpoint happens in one transaction.
 */
export interface SyncStore {
  /**
   * Brings the schema to this version's, in one transaction (one process at a time); refuses a store
   * newer than this @svc/sync with StoreVersionError. `openStore` calls it.
   */
  migrate(): Promise<void>;
  /**
   * Binds the store to one team: the first call records `fingerprint` (from `teamFingerprint(apiKey)`,
   * never the key); a later call with another one throws StoreTeamMismatchError.
   */
  bindTeam(fingerprint: string): Promise<void>;
  saveUser(user: StoredUser): Promise<void>;
  findUser(clientUserId: string): Promise<StoredUser | undefined>;
  /**
   * Records windows as owed and returns those that need work: new ones, failed ones, and done ones whose
   * data stops before what this window asks for. Windows already covered are left alone, unless `force`
   * (the service announced new data for them).
   */
  planWindows(windows: readonly SyncWindow[], options?: { force?: boolean }): Promise<SyncWindow[]>;
  /** Windows still owed, in key order after `after` (for resuming work a crash left pending). */
  pendingWindows(limit: number, after?: WindowKey): Promise<SyncWindow[]>;
  /**
   * In one transaction: upserts the rows by natural key (a row already stored from a later read is kept)
   * and marks the window done up to its `asOf`. `fetchedAt` is when the read started (ISO date-time).
   */
  commitWindow(window: SyncWindow, rows: WindowRows, fetchedAt: string): Promise<void>;
  /**
   * Group commit: every window of `commits` as `commitWindow` would, in order, in one transaction (all
   * or none: a failure leaves none of them committed). A window of an erased user stores nothing.
   */
  commitWindows(commits: readonly WindowCommit[]): Promise<void>;
  /** Marks a window failed for good, with the error. */
  failWindow(window: WindowKey, failure: WindowFailure): Promise<void>;
  status(): Promise<SyncStatus>;
  /** Per resource: its newest stored data, its latest run end time, what is pending or failed. */
  resourceStatus(): Promise<ResourceStatus[]>;
  /** Windows that failed for good, in key order after `after`, at most `limit`. */
  failedWindows(limit: number, after?: WindowKey): Promise<FailedWindow[]>;
  /** Users whose resolution failed for good, by client user id after `after`, at most `limit`. */
  failedUsers(limit: number, after?: string): Promise<StoredUser[]>;
  /**
   * Each user's resource per provider, in key order (user id, resource, provider) after `after`, at
   * most `limit`: what `readFleetStatus` walks to tell how complete every user is.
   */
  userCoverage(limit: number, after?: UserCoverageKey): Promise<UserCoverage[]>;
  /**
   * Marks those of `windows` that are still failed as dealt with, in one transaction: done, covered to
   * their last day (or their run end time), with nothing stored. Returns how many were failed.
   */
  clearFailedWindows(windows: readonly WindowKey[]): Promise<number>;
  /**
   * Forgets the failed resolution of those `clientUserIds` whose resolution failed (the next backfill
   * naming them resolves them again). Returns how many were failed.
   */
  clearFailedUsers(clientUserIds: readonly string[]): Promise<number>;
  /**
   * Records one order status event (kept once however often it is delivered) and moves the order to
   * it when it is not older than what the store holds.
   */
  saveLabOrderEvent(event: LabOrderEvent): Promise<void>;
  /** Lab orders by order id after `after`, at most `limit`, each as last heard of. */
  readLabOrders(limit: number, after?: string): Promise<StoredLabOrder[]>;
  /** An order's status events, oldest first (at most `limit`). */
  readLabOrderEvents(orderId: string, limit: number): Promise<LabOrderEvent[]>;
  /** Stores a parsing job as read, unless the store holds a newer version of it (by `updatedAt`). */
  saveParsingJob(job: StoredParsingJob): Promise<void>;
  /** Parsing jobs by job id after `after`, at most `limit`. */
  readParsingJobs(limit: number, after?: string): Promise<StoredParsingJob[]>;
  /** Users resolved to a service user id, by client user id after `after`, at most `limit` (an export's patients). */
  readUsers(limit: number, after?: string): Promise<StoredUser[]>;
  /**
   * Stored steps rows in key order (user, provider, start) after `after`, at most `limit`: a page of a
   * read that never holds the store in memory (`storedSteps` walks every page). With `since` (an ISO
   * instant), only rows stored or read again after it.
   */
  readSteps(limit: number, after?: StepKey, since?: string): Promise<StepRow[]>;
  /** Stored summary rows in key order (resource, user, provider, calendar date) after `after`, at most `limit`. */
  readSummaries(limit: number, after?: SummaryKey, since?: string): Promise<SummaryRow[]>;
  /**
   * In one transaction: deletes every row naming the user (by client user id, and by service user id,
   * the user row's when not given) in every table of erasure-plan.ts, and records its tombstone. Writes
   * of a tombstoned user then store nothing (they are counted on the tombstone) until `allowUser`.
   */
  eraseUser(ids: { clientUserId: string; userId?: string | null }): Promise<StoreErasure>;
  /** In one transaction: deletes the rows of one provider of a user and drops it from the user's providers. */
  forgetProvider(userId: string, provider: string): Promise<StoreErasure>;
  /** In one transaction: deletes the rows of `resource` older than `cutoff` (ISO; see erasure-plan.ts). */
  retain(resource: ResourceName, cutoff: string): Promise<StoreErasure>;
  /** Removes a user's tombstone (by client user id): whether there was one. */
  allowUser(clientUserId: string): Promise<boolean>;
  /** The tombstone of a user if erased, counting the refusal on it; undefined otherwise. */
  refuseErased(ids: ErasedIds): Promise<string | undefined>;
  /** Rewrites the store's files so deleted rows' bytes are gone (slow on a large store: see the README). */
  scrub(tables: readonly string[]): Promise<ScrubResult>;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

/** The instant a window's data is complete up to: the end of its last day, or the run's end time if earlier. */
export function coveredUntil(window: SyncWindow): string {
  const endOfWindow = Date.parse(`${window.end}T00:00:00.000Z`) + DAY_MS;
  return new Date(Math.min(Date.parse(window.asOf), endOfWindow)).toISOString();
}

/**
 * What planning does with a window, given what the store holds of it: `insert` a new one, `replan` (a
 * new generation: a read under way no longer completes it), `keep` (still owed as it is), or `skip`.
 */
export function planDecision(
  existing: { status: string; asOf: string; coveredUntil: string | null } | undefined,
  window: SyncWindow,
  force: boolean,
): 'insert' | 'replan' | 'keep' | 'skip' {
  if (!existing) return 'insert';
  if (force || existing.status === 'failed') return 'replan';
  // Still owed: the same work, so a read already under way may still complete it.
  if (existing.status === 'pending') return 'keep';
  return existing.coveredUntil !== null &&
    Date.parse(existing.coveredUntil) >= Date.parse(coveredUntil(window))
    ? 'skip'
    : 'replan';
}

/** A stored record's text back as the object it was (undefined for a point stored without it). */
export const recordOf = (text: string | null): Record<string, unknown> | undefined =>
  text === null ? undefined : (JSON.parse(text) as Record<string, unknown>);

/**
 * How a record or point is stored "as sent": the JSON text of the object as the client parsed it, so
 * every field and the key order are kept (`undefined` for a point read without it).
 */
export const recordText = (data: Record<string, unknown> | undefined): string | null =>
  data === undefined ? null : JSON.stringify(data);

/** The later of two ISO date-times. */
export const laterOf = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
