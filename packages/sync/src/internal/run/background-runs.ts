import type { RunResult } from '../../sync-types.js';

/** Runs started by events, in the background: `idle()` waits for them and rethrows the first fatal error. */
export class BackgroundRuns {
  readonly #running = new Set<Promise<void>>();
  #error: { error: unknown } | undefined;

  add(result: Promise<RunResult>): void {
    const done: Promise<void> = result.then(
      () => {},
      (error: unknown) => {
        this.#error ??= { error };
      },
    );
    this.#running.add(done);
    void done.finally(() => this.#running.delete(done));
  }

  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
    const failed = this.#error;
    this.#error = undefined;
    if (failed) throw failed.error;
  }
}
