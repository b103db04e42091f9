// The concurrency limits a sync is given (public, in `SyncOptions`) and their defaults; a leaf module, so the
// public types need nothing of `internal/`.

/** Concurrency limits of a sync. */
export interface Limits {
  /** Windows read at once when the run starts (default 4). */
  initialConcurrency?: number;
  /** Most windows read at once, however well the service answers (default 32). */
  maxConcurrency?: number;
  /** Most windows of one user read at once, so one big user cannot starve the rest (default 2). */
  perUser?: number;
  /** Attempts per window before it is left pending for the next run (default 5). */
  maxAttempts?: number;
  /** First retry wait when the service gave no `Retry-After`, doubled per attempt (default 500 ms). */
  baseBackoffMs?: number;
  /** Longest wait between attempts (default 30 000 ms). */
  maxBackoffMs?: number;
}

export const DEFAULT_LIMITS: Required<Limits> = {
  initialConcurrency: 4,
  maxConcurrency: 32,
  perUser: 2,
  maxAttempts: 5,
  baseBackoffMs: 500,
  maxBackoffMs: 30_000,
};
