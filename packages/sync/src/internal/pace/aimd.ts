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
