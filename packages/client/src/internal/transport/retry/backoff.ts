/** First retry waits up to this long; each later retry doubles the ceiling. */
export const INITIAL_DELAY_MS = 500;
/** Ceiling of the exponential backoff. */
export const MAX_DELAY_MS = 8_000;

/**
 * Exponential backoff with full jitter: a uniform wait in [0, min(cap, initial × 2^retry)), which
 * spreads retrying clients apart instead of synchronising them.
 */
export const backoffDelay = (retry: number, random: () => number = Math.random): number =>
  random() * Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** retry);
