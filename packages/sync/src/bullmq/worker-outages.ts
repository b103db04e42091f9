// A worker's outages (Redis, the store or the service out of reach): told once each, waited out together.
import { type Queue, Worker } from 'bullmq';
import { backoffMs } from '../internal/pace/attempts.js';
import type { Limits } from '../limits.js';
import type { SyncWindow } from '../stores/store.js';

export class WorkerOutages {
  #outage: string | undefined;
  #count = 0;

  constructor(
    private readonly queue: Queue<SyncWindow>,
    private readonly limits: Required<Limits>,
    private readonly onOutage?: (problem: string | undefined) => void,
  ) {}

  /**
   * Tells `onOutage` of an outage once (`problem`: what went out of reach), and once with `undefined`
   * when work goes through again.
   */
  report(problem: string | undefined): void {
    // Compared without the detail in brackets: each reconnect fails alike, and the same trouble is not news.
    if (problem?.split(' (')[0] === this.#outage?.split(' (')[0]) return;
    this.#outage = problem;
    this.onOutage?.(problem);
  }

  /** A window went through: the outage, if any, is over. */
  cleared(): void {
    this.#count = 0;
    this.report(undefined);
  }

  /** Every worker waits (the job keeps its attempts): the next try comes after a backoff that grows while it lasts. */
  async waitOut(problem: string, retryAfterMs?: number): Promise<never> {
    this.report(problem);
    await this.queue.rateLimit(backoffMs(++this.#count, retryAfterMs, this.limits));
    throw Worker.RateLimitError();
  }
}
