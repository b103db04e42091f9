import { HttpError } from '../internal/http-error.js';

/** Requests per second each API key may make to the API, and how many may come at once. */
export interface RateLimit {
  /** Requests per second, refilled continuously. */
  perSecond: number;
  /** Requests that may come at once after a quiet spell. Default: one second's worth (`perSecond`, at least 1). */
  burst?: number;
}

/** Checks a rate limit's numbers; a TypeError names the bad one. */
export function checkRateLimit(limit: RateLimit): Required<RateLimit> {
  const { perSecond, burst = Math.max(1, Math.ceil(perSecond)) } = limit ?? {};
  if (typeof perSecond !== 'number' || !Number.isFinite(perSecond) || perSecond <= 0 || perSecond > 1e6)
    throw new TypeError('rateLimit.perSecond must be a number of requests per second above 0');
  if (!Number.isInteger(burst) || burst < 1 || burst > 1e6)
    throw new TypeError('rateLimit.burst must be a whole number of requests, 1 or more');
  return { perSecond, burst };
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per world, refilled on real elapsed time (the wall clock, not the sandbox's), so a
 * client that waits `Retry-After` gets through whether the sandbox clock is frozen or real. The bucket
 * starts full: the first `burst` requests of a world always pass.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limit: Required<RateLimit>) {}

  /** Takes one request from a world's budget, or throws the 429 saying when to retry. */
  take(world: string): void {
    const now = Date.now();
    const { perSecond, burst } = this.limit;
    const bucket = this.buckets.get(world) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(world, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    // Whole seconds (the header's unit), rounded up: a retry after that many seconds always passes.
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    throw new HttpError(
      429,
      'rate_limited',
      `Over this sandbox's rate limit of ${perSecond} requests per second per API key (burst ${burst}); retry after ${retryAfter} s.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
}
