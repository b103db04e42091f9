import { type IncompleteReason, reasonOf } from '../../errors/classify-error.js';
import type { IncompleteCause } from '../../sync-types.js';

/** Thrown to end a run early, leaving what is owed pending: a dependency stayed out of reach past every retry. */
export class StoppedShort extends Error {
  constructor(readonly incomplete: IncompleteCause) {
    super(incomplete.message);
  }
}

export const causeOf = (error: unknown): IncompleteCause => ({
  reason: reasonOf(error),
  message: error instanceof Error ? error.message : String(error),
});

/** Which reason weighs more when several windows were left for different ones. */
const WEIGHT: Record<IncompleteReason, number> = {
  rate_limited: 0,
  service_error: 1,
  service_unreachable: 2,
  service_clock: 3,
  queue_unavailable: 4,
  store_unavailable: 5,
};

export const heavier = (a: IncompleteCause | undefined, b: IncompleteCause): IncompleteCause =>
  a && WEIGHT[a.reason] >= WEIGHT[b.reason] ? a : b;

/**
 * When the service last answered in this run. A window (or user) given up on after its retries means
 * the service is down for everyone when nothing was answered since it started trying: the run stops
 * short then, instead of spending every other window's retries on an outage. A rate limit never does:
 * the pacer finds the rate that is allowed.
 */
export class RunHealth {
  #answeredAt = Number.NEGATIVE_INFINITY;
  #cause: IncompleteCause | undefined;

  /** Why work was left pending in this run (the weightiest reason seen). */
  get cause(): IncompleteCause | undefined {
    return this.#cause;
  }

  /** A user or window left for the next run, or the run stopped short, because of `error`. */
  leftPending(error: unknown): void {
    this.#cause = heavier(this.#cause, error instanceof StoppedShort ? error.incomplete : causeOf(error));
  }

  answered(): void {
    this.#answeredAt = Date.now();
  }

  /** Throws StoppedShort when `error`, retried since `since`, means the service is down. */
  checkDown(error: unknown, since: number): void {
    const cause = causeOf(error);
    if (cause.reason === 'rate_limited') return;
    // An answering service whose clock is far ahead is no outage, but every answer will say the same.
    if (cause.reason === 'service_clock') throw new StoppedShort(cause);
    if (cause.reason.startsWith('service_') && this.#answeredAt >= since) return;
    throw new StoppedShort(cause);
  }
}
