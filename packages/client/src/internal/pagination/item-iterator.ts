import { END, itemsOf, type PageItems } from './items.js';
import { type Json, throwIfAborted, type Walk } from './walk.js';

/**
 * The items of a walk, one page at a time. Hand-written rather than an async generator: an item of the page
 * in hand is served as an already-resolved promise, which is what makes `for await` cheap per item.
 */
export class ItemIterator<Item> implements AsyncIterableIterator<Item> {
  readonly #walk: Walk;
  readonly #signal: AbortSignal | undefined;
  readonly #pages: AsyncIterator<Json, void, undefined>;
  #items: PageItems | undefined;
  #pending: Promise<IteratorResult<Item, undefined>> | undefined;

  constructor(walk: Walk, pages: AsyncIterator<Json, void, undefined>) {
    this.#walk = walk;
    this.#signal = walk.requestOptions.signal;
    this.#pages = pages;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Item, undefined>> {
    // A caller that does not await each next() gets its results in order instead of racing page fetches.
    if (this.#pending) return this.#pending.then(() => this.next());
    if (this.#signal?.aborted) return this.#abort(this.#signal);
    if (this.#items) {
      const value = this.#items.take();
      if (value !== END) return Promise.resolve({ done: false, value: value as Item });
      // Drop the finished page before asking for the next one: only one page is ever held.
      this.#items = undefined;
    }
    const pending = this.#nextPage();
    this.#pending = pending;
    return pending.finally(() => {
      this.#pending = undefined;
    });
  }

  async return(): Promise<IteratorResult<Item, undefined>> {
    this.#items = undefined;
    await this.#pages.return?.();
    return { done: true, value: undefined };
  }

  async #nextPage(): Promise<IteratorResult<Item, undefined>> {
    for (;;) {
      const page = await this.#pages.next();
      if (page.done) return { done: true, value: undefined };
      const items = itemsOf(page.value, this.#walk.rule);
      const value = items.take();
      // An empty page (possible mid-walk with cursors) just moves on to the next one.
      if (value !== END) {
        this.#items = items;
        return { done: false, value: value as Item };
      }
    }
  }

  async #abort(signal: AbortSignal): Promise<never> {
    await this.return();
    throwIfAborted(signal);
    throw signal.reason;
  }
}
