// What running one window takes and gives: the runner (the caller's retry policy and pacing) and the
// outcome. Its own file, so that running a window and tracing it can both stand on it.
import type { SyncStore, SyncWindow, WindowCommit, WindowFailure } from '../../stores/store.js';
import type { SyncClient } from '../../sync-client.js';
import type { RetryOutcome } from '../pace/attempts.js';

/**
 * How one window is run, in a sync's process or in a BullMQ worker: the same read and commit, with the
 * caller's retry policy (`attempt` for the service, `storeCall` for the store) and request pacing.
 */
export interface WindowRunner {
  client: SyncClient;
  store: SyncStore;
  signal?: AbortSignal;
  /** Runs the read with the caller's retry policy. */
  attempt: <T>(call: () => Promise<T>) => Promise<RetryOutcome<T>>;
  /** Runs a store write with the caller's retry policy for the store. */
  storeCall: <T>(call: () => Promise<T>) => Promise<T>;
  /**
   * Commits a window read (resolved once it is committed); by default in a transaction of its own
   * through `storeCall`. The in-process runner hands it to its group commit (window-committer.ts).
   */
  commit?: (commit: WindowCommit) => Promise<void>;
  /**
   * Told when a window has been read and waits only for its commit: an in-process run frees the window's
   * read slot then, so reading never waits on the store (while the group commit's backlog allows).
   */
  readDone?: (window: SyncWindow) => void;
  /** Before every request the window sends (a steps window sends one per page). */
  beforeRequest: () => Promise<void>;
  /** After every answer that is not an error (with the answer, when the call gives it). */
  afterResponse: (response?: Response) => void;
}

/**
 * What became of a window: committed, failed for good (recorded), or left pending (`error`: the last
 * retryable one; `since`: when its first attempt started).
 */
export type WindowOutcome =
  | { outcome: 'done'; points: number }
  | { outcome: 'failed'; failure: WindowFailure }
  | { outcome: 'deferred'; error: unknown; since: number };
