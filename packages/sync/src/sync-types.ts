// The public shapes of a sync: its options, a backfill's input, a run and its result.
import type { WebhookEvent } from '@svc/events';
import type { IncompleteReason } from './errors/classify-error.js';
import type { Limits } from './limits.js';
import type { SyncProgress } from './progress.js';
import type { ResourceName } from './resources.js';
import type { SyncStore, SyncWindow, WindowKey } from './stores/store.js';
import type { SyncClient } from './sync-client.js';

export interface SyncOptions {
  /** A client from `@svc/client`; the sync retries itself, so the client's own retries are turned off per call. */
  client: SyncClient;
  store: SyncStore;
  /**
   * The team the client's key belongs to: `teamFingerprint(apiKey)` (never the key itself). Every run
   * and event first binds the store to it, and a store bound to another team stops the sync at once
   * with StoreTeamMismatchError, before anything is read or recorded.
   */
  team: string;
  /** What to keep (default: every resource). */
  resources?: readonly ResourceName[];
  limits?: Limits;
  /**
   * The clock a run's fixed end time is read from (default: the service's, learned from the `Date` header
   * of its answers; the machine's until one has come).
   */
  now?: () => Date;
  /** Days a `historical.data.*` event re-reads, up to today (default 90). */
  historyDays?: number;
  /**
   * Hands each owed window to a queue instead of reading it in this process (`createSyncQueue(…).dispatch`
   * from `@svc/sync/bullmq`); runs then end `queued` once every window is handed over. It says whether it
   * added a job (`'queued'`, or nothing) or found the window already on the queue (`'already_queued'`),
   * and the run counts it so (`windows.queued`, `windows.alreadyQueued`).
   */
  /**
   * Told when the background work of an event (`handleEvent`) leaves something unread: a window failed
   * for good or left pending past its retries, a user that could not be resolved, or the work stopped
   * on a fatal error; and for each window `resumePending` leaves unread (named by the service's user id
   * only). `svc-sync webhooks` logs each one; the store keeps the failures either way.
   */
  onBackgroundFailure?: (failure: BackgroundFailure) => void;
  // biome-ignore lint/suspicious/noConfusingVoidType: a dispatch of your own that resolves with nothing (Promise<void>) still type-checks, and counts as queued
  dispatch?: (window: SyncWindow) => Promise<DispatchOutcome | undefined | void>;
}

/**
 * What an event's background work left unread, named for an operator: the user (by the partner's id
 * when the event or the store gives it), the window, and the error's class and status (never its
 * message, which may quote what the service sent).
 */
export interface BackgroundFailure {
  /** `failed`: recorded for good; `deferred`: left pending past its retries; `stopped`: the work ended on a fatal error. */
  outcome: 'failed' | 'deferred' | 'stopped';
  clientUserId: string | null;
  userId: string;
  /** The window, when one was being read (not for a user that could not be resolved). */
  window?: WindowKey;
  /** The error's class (`NotFoundError`, `RateLimitError`), and its HTTP status when it had one. */
  error: string;
  status: number | null;
}

/**
 * Client user ids: an array, a Set, a generator, a database cursor (any iterable or async iterable),
 * never a string (whose characters would be read as ids).
 */
export type UserIds = (Iterable<string> | AsyncIterable<string>) & { charAt?: never };

export interface BackfillInput {
  /** Your users' client user ids (the ids you resolve users by); read lazily, as the run goes. */
  users: UserIds;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (inclusive); cut at the run's start time. */
  to: string;
  /**
   * How many users `users` will give, when you know it and it cannot be read from `users` (an array's
   * length and a Set's size are): progress then says "n of N" and estimates the whole run's time left.
   */
  userCount?: number;
  signal?: AbortSignal;
}

/** What handing a window to a queue did: added a job, or found one waiting or held by a live worker. */
export type DispatchOutcome = 'queued' | 'already_queued';

/**
 * How a run ended: `done` (everything owed is stored), `done_with_failures` (the rest is stored, or
 * queued when the run dispatches; some windows or users failed for good, see the store's status and
 * `progress.users.failedIds`), `incomplete` (something stayed out of
 * reach past every retry, named by `cause`; run again to resume where it stopped: nothing done is
 * redone), `queued` (every window was handed to `dispatch`: workers read them).
 */
export type RunStatus = 'done' | 'done_with_failures' | 'incomplete' | 'queued';

/** Why a run ended `incomplete`: what stayed out of reach, and the last error it gave. */
export interface IncompleteCause {
  /**
   * `rate_limited` (429s past every attempt), `service_unreachable` (no connection, timeouts),
   * `service_error` (5xx past every attempt), `store_unavailable`, `queue_unavailable` (Redis).
   */
  reason: IncompleteReason;
  message: string;
}

interface RunEnd {
  /** The run's fixed end time (ISO): data after it is left to the next run or to webhooks. */
  asOf: string;
  progress: SyncProgress;
}

/** How a run ended: an `incomplete` run always says why (`cause`), any other never has one. */
export type RunResult =
  | (RunEnd & { status: Exclude<RunStatus, 'incomplete'>; cause?: undefined })
  | (RunEnd & { status: 'incomplete'; cause: IncompleteCause });

/** A run under way: iterate it for progress, await `result` for the outcome. */
export interface SyncRun extends AsyncIterable<SyncProgress> {
  readonly result: Promise<RunResult>;
}

export interface Sync {
  /** Reads every window of `users` × resources × providers over the range that is not already stored. */
  backfill(input: BackfillInput): SyncRun;
  /** Works through windows a stopped run or an event left pending. */
  resumePending(options?: { signal?: AbortSignal }): SyncRun;
  /**
   * Applies a verified webhook event: `daily.data.<resource>.*` re-reads that day, `historical.data.<resource>.*`
   * re-reads the resource's history. The work is recorded in the store before this resolves (answer the
   * webhook then), and runs in the background; `idle()` waits for it. Other events are ignored. An
   * event of an erased user stores nothing: `erased` is its tombstone (a keyed hash, never the id). A
   * data event that names too little to plan (no user id, no provider) queues nothing: `unusable` says
   * what was missing, naming no value.
   */
  handleEvent(event: WebhookEvent): Promise<{ queued: number; erased?: string; unusable?: string }>;
  /** Resolves when every event's work has run; rejects with the first fatal error of that work. */
  idle(): Promise<void>;
}
