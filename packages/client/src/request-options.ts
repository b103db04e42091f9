/** Options of one call, for named methods and the typed path client alike. */
export interface RequestOptions {
  /** Aborts the call at once, also during a retry wait; the call rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Limit of each attempt, body read included; default: the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Retries after the first attempt; default: the client's `maxRetries`. `0` disables them. */
  maxRetries?: number;
  /**
   * The most bytes of an answer this call reads, received and decoded alike; default: the client's
   * `maxResponseBytes`. A larger answer rejects with `ResponseTooLargeError`.
   */
  maxResponseBytes?: number;
  /**
   * Sent as `Idempotency-Key` (or the client's `idempotencyHeader`). Operations that accept one get a
   * generated key when this is omitted; the same key goes with every retry of the call. A POST or
   * PATCH is retried after an ambiguous failure only when the client's `idempotencyHeader` is set.
   */
  idempotencyKey?: string;
  /** Extra headers for this call (the API key header is always set by the client). */
  headers?: Record<string, string | undefined> | Headers;
}
