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

/**
 * Additive increase, multiplicative decrease (TCP's congestion control): every success adds 1/limit
 * (so about one more slot per round of reads), a 429 or 503 halves the limit, at most once per
 * `cooldownMs` so one burst of refusals counts as one signal. `Retry-After` pauses every new request.
 */
export class AimdLimiter {
  #limit: number;
  #pausedUntil = 0;
  #lastDecrease = Number.NEGATIVE_INFINITY;

  constructor(
    readonly min: number,
    readonly max: number,
    initial: number,
    private readonly now: () => number = Date.now,
    private readonly cooldownMs = 1_000,
  ) {
    this.#limit = Math.min(max, Math.max(min, initial));
  }

  /** Windows that may be read at once now. */
  get limit(): number {
    return Math.floor(this.#limit);
  }

  succeeded(): void {
    this.#limit = Math.min(this.max, this.#limit + 1 / this.#limit);
  }

  /** Every new request waits `retryAfterMs` (a `Retry-After`). */
  paused(retryAfterMs: number | undefined): void {
    if (retryAfterMs !== undefined)
      this.#pausedUntil = Math.max(this.#pausedUntil, this.now() + retryAfterMs);
  }

  overloaded(retryAfterMs: number | undefined): void {
    const now = this.now();
    this.paused(retryAfterMs);
    if (now - this.#lastDecrease < this.cooldownMs) return;
    this.#lastDecrease = now;
    this.#limit = Math.max(this.min, this.#limit / 2);
  }

  /** How long new requests must still wait for a `Retry-After` (0 when none). */
  pauseLeft(): number {
    return Math.max(0, this.#pausedUntil - this.now());
  }
}
