// The sync's tracing contract, on Node's diagnostics_channel: a TracingChannel for every window it runs
// (in process or in a BullMQ worker) and a channel for each resource's lag at the end of a run. Nothing
// is built while nobody subscribes; `@svc/otel` subscribes and makes spans and metrics of them. What is
// published names resources, providers and days, never a user id, a row or a secret.
import type { ResourceName } from './resources.js';

/**
 * The TracingChannel of windows: `start` before a window's first read, `asyncEnd` once it is committed,
 * recorded as failed, or left pending; `error` first when the run stopped on it (a fatal error).
 */
export const WINDOW_CHANNEL = 'svc:sync:window';

/** What one window publishes: its key without the user, then what came of it (set before `asyncEnd`). */
export interface WindowMessage {
  readonly resource: ResourceName;
  readonly provider: string;
  /** The window's first and last day, `YYYY-MM-DD`, inclusive. */
  readonly start: string;
  readonly end: string;
  /** Committed, failed for good (recorded), or left pending after its retries. */
  outcome?: 'done' | 'failed' | 'deferred';
  /** Steps points and summary records committed. */
  rows: number;
  /** Requests sent (a steps window sends one per page), retries included. */
  requests: number;
  /** 429 answers among them. */
  rateLimited: number;
  /** Reads of the window after its first. */
  retries: number;
  /** The class of the error a failed or deferred window ended with (`RateLimitError`, `NotFoundError`). */
  errorType?: string;
  /** Set by the channel when the window threw: the run stopped on it. */
  error?: unknown;
}

/** A plain channel: after each run, one message per resource the store holds. */
export const LAG_CHANNEL = 'svc:sync:lag';

/**
 * How complete a resource is across the fleet, as `readFleetStatus` (and `svc-sync status`) tells it:
 * measured to the start of the service's today (every day before today stored). Counts only, never a
 * user id.
 */
export interface LagMessage {
  readonly resource: string;
  /** How far the user furthest behind is behind, in ms (0: every user complete; null: no users). */
  readonly lagMs: number | null;
  /** Users with windows of this resource, and how many of them are behind. */
  readonly users: number;
  readonly usersBehind: number;
  /** Days owed: of pending windows, and of failed windows. */
  readonly pendingDays: number;
  readonly failedDays: number;
}
