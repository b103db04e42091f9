/** What `svc-sync` exits with; scripts can rely on these. */
export const EXIT = {
  /** Everything owed is stored (or queued, with `--redis`). */
  ok: 0,
  /** An unexpected error. */
  error: 1,
  /** Bad arguments: an unknown option, a bad date or store address, a missing `SVC_API_KEY`. */
  usage: 2,
  /**
   * The store or the queue cannot be used: the SQLite file is locked by another process, the database or
   * Redis stayed out of reach (run the same command again to resume).
   */
  store: 3,
  /** The run stopped short, rate limited: run the same command again to resume. */
  incomplete: 4,
  /** Done, but some windows or users failed for good: `svc-sync status` counts them. */
  failures: 5,
  /** The service refused the API key (401 or 403). */
  auth: 6,
  /** The service could not be reached (or kept failing with 5xx): run the same command again to resume. */
  unreachable: 7,
  /**
   * The store does not match this svc-sync: it belongs to another team's key, its schema is newer
   * (upgrade svc-sync), or, with `migrate --check`, it needs a migration (run `svc-sync migrate`).
   */
  storeMismatch: 8,
  /**
   * `status --check`: pending work waited longer than `--max-pending-age`, or users are behind by more
   * than `--max-behind` (failures exit 5).
   */
  checkFailed: 9,
  /** Interrupted (Ctrl-C or SIGTERM): run the same command again to resume. */
  interrupted: 130,
} as const;

/** An expected failure: one line on stderr and its exit code, no stack. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}
