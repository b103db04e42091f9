/** How a wait (parsing job, PSC confirmation) polls. Every field is optional; defaults below; each at most 2 147 483 647 ms. */
export interface PollOptions {
  /** Give up with PollTimeoutError after this long, reads included (default 120 000 ms; at most 2^31-1 ms, like every duration here). */
  timeoutMs?: number;
  /** Stops the wait at once, also during a read or a pause; the wait rejects with the client's AbortError. */
  signal?: AbortSignal;
  /** Pause before the second read; later pauses double up to `maxDelayMs` (default 500 ms). */
  initialDelayMs?: number;
  /** Longest pause between reads (default 10 000 ms). Each pause is jittered to 50–100 % of its value. */
  maxDelayMs?: number;
}

export const DEFAULT_POLL_TIMEOUT_MS = 120_000;
/** The longest poll duration or pause: timers longer than 2^31-1 ms overflow to 1 ms in every JavaScript runtime. */
export const MAX_POLL_MS = 2_147_483_647;
export const DEFAULT_POLL_INITIAL_DELAY_MS = 500;
export const DEFAULT_POLL_MAX_DELAY_MS = 10_000;
