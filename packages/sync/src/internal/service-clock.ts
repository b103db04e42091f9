import { ServiceClockError } from '../errors/errors.js';

/**
 * How far ahead of this machine's clock the service's may be and still be believed: two days (a
 * machine's clock a day behind, and the service's day a timezone ahead). Past it, a run that took the
 * service's word would record as covered days the service has not produced, and never read them again.
 */
export const MAX_SERVICE_CLOCK_AHEAD_MS = 2 * 86_400_000;

/**
 * The service's clock, as its answers tell it (the `Date` header): a run's end time is the service's
 * "now", never only this machine's, so a machine whose clock is behind (or ahead) neither misses data
 * nor records as covered what the service has not produced yet. `Date` has whole seconds, so the
 * estimate lags the service by under a second plus the trip: data in that gap is left to the next run.
 */
export class ServiceClock {
  #offsetMs: number | undefined;

  /**
   * Learns the offset from an answer. A `Date` more than MAX_SERVICE_CLOCK_AHEAD_MS ahead of this
   * machine's is not learned: it throws ServiceClockError, and the run ends `incomplete` (`service_clock`).
   * A clock behind is believed: a run that ends early only leaves the rest to the next one.
   */
  observe(response: Response | undefined): void {
    const date = response?.headers.get('date');
    const at = date ? Date.parse(date) : Number.NaN;
    if (Number.isNaN(at)) return;
    const offsetMs = at - Date.now();
    if (offsetMs > MAX_SERVICE_CLOCK_AHEAD_MS)
      throw new ServiceClockError(
        `the service's clock (Date: ${new Date(at).toISOString()}) is ${Math.round(offsetMs / 3_600_000)} hours ` +
          `ahead of this machine's, past the ${MAX_SERVICE_CLOCK_AHEAD_MS / 3_600_000} hours believed; ` +
          "nothing was recorded as covered: check this machine's clock",
        offsetMs,
      );
    this.#offsetMs = offsetMs;
  }

  /** The service's time now (this machine's until an answer has told it). */
  now(): Date {
    return new Date(Date.now() + (this.#offsetMs ?? 0));
  }
}
