// Group commit: windows read in process are handed here and committed several to a transaction, so the
// store's fixed cost per transaction (BEGIN, COMMIT, the pages written at each) is paid once per batch,
// and reading goes on while a batch waits or commits.
import type { WindowCommit } from '../../stores/store.js';

/** How big a batch grows and how long its first window waits for others. */
export interface CommitBounds {
  /** Windows per batch at most. */
  maxWindows: number;
  /** Points (steps and summaries) per batch at most: one transaction never holds the store for long. */
  maxPoints: number;
  /** How long a window waits for others to join its batch (ms). */
  maxWaitMs: number;
}

export const COMMIT_BOUNDS: CommitBounds = { maxWindows: 64, maxPoints: 20_000, maxWaitMs: 10 };

interface Queued {
  commit: WindowCommit;
  points: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const pointsOf = (commit: WindowCommit) => commit.rows.steps.length + commit.rows.summaries.length;

/**
 * Commits windows in batches of whatever is ready: a batch starts when it is full or when its first
 * window has waited `maxWaitMs`, one batch at a time (what arrives meanwhile forms the next, started as
 * soon as the one before ends). A window's `commit` resolves only once its batch committed, and rejects
 * with the batch's error when it did not (each window of it fails as a commit of its own would have).
 */
export class WindowCommitter {
  readonly #commitBatch: (commits: WindowCommit[]) => Promise<void>;
  readonly #bounds: CommitBounds;
  readonly #queue: Queued[] = [];
  #points = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;

  constructor(commitBatch: (commits: WindowCommit[]) => Promise<void>, bounds: CommitBounds = COMMIT_BOUNDS) {
    this.#commitBatch = commitBatch;
    this.#bounds = bounds;
  }

  /**
   * Whether a full batch already waits behind the one committing: windows read then keep their read
   * slots until committed, which bounds what waits in memory when the store is slower than the reads.
   */
  get backlogged(): boolean {
    return this.#points >= this.#bounds.maxPoints || this.#queue.length >= this.#bounds.maxWindows;
  }

  commit(commit: WindowCommit): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const points = pointsOf(commit);
      this.#queue.push({ commit, points, resolve, reject });
      this.#points += points;
      this.#schedule(false);
    });
  }

  /** Starts a batch now if one is full (or `now`), else makes sure the first window's wait is bounded. */
  #schedule(now: boolean): void {
    if (this.#running || this.#queue.length === 0) return;
    const { maxWindows, maxPoints, maxWaitMs } = this.#bounds;
    if (now || this.#queue.length >= maxWindows || this.#points >= maxPoints) {
      this.#flush();
      return;
    }
    this.#timer ??= setTimeout(() => this.#flush(), maxWaitMs);
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const { maxWindows, maxPoints } = this.#bounds;
    // At least one window, then as many as fit both bounds.
    let count = 0;
    let points = 0;
    while (count < this.#queue.length && count < maxWindows) {
      const next = (this.#queue[count] as Queued).points;
      if (count > 0 && points + next > maxPoints) break;
      points += next;
      count++;
    }
    const batch = this.#queue.splice(0, count);
    this.#points -= points;
    this.#running = true;
    this.#commitBatch(batch.map((queued) => queued.commit))
      .then(
        () => {
          for (const queued of batch) queued.resolve();
        },
        (error: unknown) => {
          for (const queued of batch) queued.reject(error);
        },
      )
      .finally(() => {
        this.#running = false;
        // What arrived while this batch committed has waited already: it goes at once.
        this.#schedule(true);
      });
  }
}
