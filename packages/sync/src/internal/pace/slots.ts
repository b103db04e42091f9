import type { AimdLimiter } from './aimd.js';

interface Waiter {
  userId: string;
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  /** Stops listening to the caller's signal once the slot is granted. */
  forget: () => void;
}

/**
 * Slots for window reads: at most the limiter's current limit at once, and at most `perUser` per user.
 * A waiter whose user is at its cap lets the next waiter of another user go first.
 */
export class Slots {
  #inFlight = 0;
  readonly #perUser = new Map<string, number>();
  readonly #waiters: Waiter[] = [];

  constructor(
    private readonly limiter: AimdLimiter,
    private readonly perUser: number,
  ) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  acquire(userId: string, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        userId,
        resolve,
        reject,
        forget: () => signal?.removeEventListener('abort', onAbort),
      };
      this.#waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#grant();
    });
  }

  #grant(): void {
    for (let index = 0; index < this.#waiters.length && this.#inFlight < this.limiter.limit; ) {
      const waiter = this.#waiters[index] as Waiter;
      const held = this.#perUser.get(waiter.userId) ?? 0;
      if (held >= this.perUser) {
        index++;
        continue;
      }
      this.#waiters.splice(index, 1);
      waiter.forget();
      this.#inFlight++;
      this.#perUser.set(waiter.userId, held + 1);
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        this.#inFlight--;
        const left = (this.#perUser.get(waiter.userId) ?? 1) - 1;
        if (left === 0) this.#perUser.delete(waiter.userId);
        else this.#perUser.set(waiter.userId, left);
        this.#grant();
      });
    }
  }

  /** The limit may have grown: let waiters in. */
  poke(): void {
    this.#grant();
  }
}
