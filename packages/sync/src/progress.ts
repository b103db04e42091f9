/** Where a run stands. Counters cover this run only. */
export interface SyncProgress {
  /**
   * Users resolved so far, failed to resolve for good, and left for the next run after rate limits;
   * `total`: how many the run has, when that is known (an array, a Set, a file counted first), else
   * undefined (a stream: "n so far"); `failedIds`: the client user ids of the first users that failed
   * (at most FAILED_IDS_SHOWN; `failed` counts them all).
   */
  users: {
    planned: number;
    failed: number;
    deferred: number;
    total: number | undefined;
    failedIds: string[];
  };
  /**
   * Windows: owed by this run, read and committed, failed for good, left pending after a rate limit,
   * queued (a job added), and already on the queue (a job waiting or held by a live worker: nothing added).
   */
  windows: {
    planned: number;
    done: number;
    failed: number;
    deferred: number;
    queued: number;
    alreadyQueued: number;
  };
  /** Steps points and summary records committed. */
  points: number;
  requests: number;
  /** 429 answers seen. */
  rateLimited: number;
  /** Requests per second over the run so far. */
  requestsPerSecond: number;
  /** Windows read at once now (the adaptive limit). */
  concurrency: number;
  /**
   * Estimated time left for the whole run, once there is enough to estimate from: for a backfill, from
   * the windows its users so far needed and how many users are left (undefined while `users.total` is
   * unknown); for other runs, from the windows planned.
   */
  etaMs: number | undefined;
  elapsedMs: number;
  /** True on the last value, once the run has ended. */
  finished: boolean;
}

/** How many failed users a run's progress names (its count covers them all). */
export const FAILED_IDS_SHOWN = 20;

/**
 * Progress as an async iterable that never buffers: a reader always gets the latest value, and a slow
 * reader skips values instead of piling them up (memory stays flat however long the run).
 */
export class ProgressFeed implements AsyncIterable<SyncProgress> {
  #version = 0;
  #finished = false;
  #wake: (() => void) | undefined;
  #wakeAll: Promise<void>;
  readonly #started = Date.now();
  readonly #byUsers: boolean;
  readonly #state = {
    users: {
      planned: 0,
      failed: 0,
      deferred: 0,
      total: undefined as number | undefined,
      failedIds: [] as string[],
    },
    windows: { planned: 0, done: 0, failed: 0, deferred: 0, queued: 0, alreadyQueued: 0 },
    points: 0,
    requests: 0,
    rateLimited: 0,
    concurrency: 0,
  };

  /** `byUsers`: a backfill, whose work is known only as its users are planned. */
  constructor(byUsers = false) {
    this.#byUsers = byUsers;
    this.#wakeAll = new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  /** Changes the counters and wakes readers. */
  update(change: (state: ProgressFeed['state']) => void): void {
    change(this.#state);
    this.#bump();
  }

  get state() {
    return this.#state;
  }

  finish(): void {
    this.#finished = true;
    this.#bump();
  }

  #bump(): void {
    this.#version++;
    const wake = this.#wake;
    this.#wakeAll = new Promise((resolve) => {
      this.#wake = resolve;
    });
    wake?.();
  }

  snapshot(): SyncProgress {
    const elapsedMs = Date.now() - this.#started;
    const s = this.#state;
    const finishedWindows = s.windows.done + s.windows.failed + s.windows.queued + s.windows.alreadyQueued;
    const rate = finishedWindows / Math.max(1, elapsedMs);
    const left = this.#expectedWindows() - finishedWindows - s.windows.deferred;
    return {
      users: { ...s.users, failedIds: [...s.users.failedIds] },
      windows: { ...s.windows },
      points: s.points,
      requests: s.requests,
      rateLimited: s.rateLimited,
      requestsPerSecond: Math.round((s.requests / Math.max(1, elapsedMs)) * 10_000) / 10,
      concurrency: s.concurrency,
      etaMs:
        finishedWindows >= 5 && rate > 0 && !this.#finished && Number.isFinite(left)
          ? Math.round(Math.max(0, left) / rate)
          : undefined,
      elapsedMs,
      finished: this.#finished,
    };
  }

  /** The windows the whole run will have: for a backfill, the windows per user so far times its users. */
  #expectedWindows(): number {
    const { users, windows } = this.#state;
    if (!this.#byUsers) return windows.planned;
    const seen = users.planned + users.failed + users.deferred;
    if (users.total === undefined || seen === 0) return Number.NaN;
    return windows.planned + (windows.planned / seen) * Math.max(0, users.total - seen);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<SyncProgress> {
    let seen = -1;
    for (;;) {
      if (seen === this.#version) await this.#wakeAll;
      seen = this.#version;
      const value = this.snapshot();
      yield value;
      if (value.finished) return;
    }
  }
}
