import type { RequestOptions } from './request-options.js';

/**
 * Options of one walk: the client's request options, given to every page request (so retries and timeouts
 * apply per page and `signal` stops the whole walk), plus the pagination guard.
 */
export interface PaginateOptions extends RequestOptions {
  /**
   * Most pages one walk may request; asking for more throws MaxPagesExceededError instead of looping on a
   * service that never says "last page". Default 10,000.
   */
  maxPages?: number;
}

/** Options of `toArray()`: the limit is required, so collecting is always bounded. */
export interface ToArrayOptions {
  /** Stop after this many items (a positive integer, or `Infinity` to opt in to everything). */
  limit: number;
}

/** Options of `toArray()` on a grouped timeseries. */
export interface GroupedToArrayOptions extends ToArrayOptions {
  /** Return `{ [provider]: points[] }`, the points of each provider merged across groups and pages. */
  mergeByProvider?: boolean;
}

export const DEFAULT_MAX_PAGES = 10_000;
