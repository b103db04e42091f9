/**
 * The service's clock, as its answers tell it (the `Date` header): a run's end time is the service's
 * "now", never only this machine's, so a machine whose clock is behind (or ahead) neither misses data
 * nor records as covered what the service has not produced yet. `Date` has whole seconds, so the
 * estimate lags the service by under a second plus the trip: data in that gap is left to the next run.
 */
export class ServiceClock {
  #offsetMs: number | undefined;

  /** Learns the offset from an answer. */
  observe(response: Response | undefined): void {
    const date = response?.headers.get('date');
    const at = date ? Date.parse(date) : Number.NaN;
    if (!Number.isNaN(at)) this.#offsetMs = at - Date.now();
  }

  /** The service's time now (this machine's until an answer has told it). */
  now(): Date {
    return new Date(Date.now() + (this.#offsetMs ?? 0));
  }
}
