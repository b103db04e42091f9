/**
 * Paces requests to the rate the service allows, found by AIMD on the rate itself: no pacing until the
 * first 429; then the rate of the last second's successes; every 429 after that (at most one per
 * `cooldownMs`) takes off 10 %, and time without one adds 0.2 request/s plus 0.4 % per second for 15 s,
 * then 1 request/s plus 3 % per second (far below the limit, e.g. after a low first estimate). The rate
 * settles just under the service's limit with a probe every 20 s or so: each probe costs about one round
 * trip of 429s (the requests already on their way when the budget runs out), so probing slowly is what
 * keeps 429s under 1 % of requests. After `quietMs` without a 429 the limit is taken to be gone (an outage
 * over, a quota raised) and pacing stops until the next 429, which starts again from at least 90 % of the
 * last rate.
 */
export class RatePacer {
  #rate = Number.POSITIVE_INFINITY;
  #lastRate = 0;
  #next = 0;
  #lastDecrease = Number.NEGATIVE_INFINITY;
  #lastIncrease = 0;
  /** Successes per 100 ms slot over the last second (10 slots), for the first estimate. */
  readonly #slots = new Array<number>(10).fill(0);
  #slotAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly cooldownMs = 1_000,
    private readonly quietMs = 30_000,
  ) {}

  /** Requests per second now (Infinity: not paced). */
  get rate(): number {
    return this.#rate;
  }

  /** How long the next request must wait for its turn (and takes that turn). */
  reserve(): number {
    const now = this.now();
    if (Number.isFinite(this.#rate) && now - this.#lastDecrease > this.quietMs) {
      this.#lastRate = this.#rate;
      this.#rate = Number.POSITIVE_INFINITY;
    }
    if (!Number.isFinite(this.#rate)) return 0;
    const at = Math.max(now, this.#next);
    this.#next = at + 1000 / this.#rate;
    return at - now;
  }

  succeeded(): void {
    const now = this.now();
    this.#rotate(now);
    this.#slots[this.#slots.length - 1] = (this.#slots.at(-1) ?? 0) + 1;
    const elapsed = now - Math.max(this.#lastIncrease, this.#lastDecrease);
    if (Number.isFinite(this.#rate) && elapsed >= 100) {
      this.#lastIncrease = now;
      // Near the limit (a 429 in the last 15 s) probe slowly; far from it (a low first estimate) climb fast.
      const nearLimit = now - this.#lastDecrease < 15_000;
      this.#rate += ((nearLimit ? this.#rate * 0.004 + 0.2 : this.#rate * 0.03 + 1) * elapsed) / 1000;
    }
  }

  overloaded(): void {
    const now = this.now();
    if (now - this.#lastDecrease < this.cooldownMs) return;
    this.#lastDecrease = now;
    this.#rotate(now);
    const lastSecond = this.#slots.reduce((sum, n) => sum + n, 0);
    this.#rate = Number.isFinite(this.#rate)
      ? Math.max(1, this.#rate * 0.9)
      : Math.max(1, lastSecond, this.#lastRate * 0.9);
  }

  #rotate(now: number): void {
    const slot = Math.floor(now / 100);
    const shift = Math.min(this.#slots.length, slot - this.#slotAt);
    for (let i = 0; i < shift; i++) {
      this.#slots.shift();
      this.#slots.push(0);
    }
    this.#slotAt = slot;
  }
}
