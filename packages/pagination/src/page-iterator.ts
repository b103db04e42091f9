import { ValidationError } from '@svc/client';
import { cursorPages } from './internal/cursor-pages.js';
import { ItemIterator } from './internal/item-iterator.js';
import { numberedPages } from './internal/numbered-pages.js';
import { shownValue } from './internal/shown-value.js';
import type { Json, Walk } from './internal/walk.js';
import type { GroupedItem } from './operation-types.js';
import type { GroupedToArrayOptions, ToArrayOptions } from './options.js';

/**
 * The walk over one paginated operation. `for await` yields items; every pass starts a fresh walk from the
 * first page and holds one page at a time. Nothing is requested until iteration starts.
 */
export interface PageIterator<Item, Page> extends AsyncIterable<Item> {
  [Symbol.asyncIterator](): AsyncIterableIterator<Item>;
  /** Whole response bodies, one per request, as the client returns them (grouped pages keep their groups). */
  pages(): AsyncIterableIterator<Page>;
  /** The first `limit` items; stops requesting pages as soon as it has them. `limit` is required. */
  toArray(options: ToArrayOptions): Promise<Item[]>;
}

/** A grouped timeseries walk: items are `{ provider, source, point }`. */
export interface GroupedPageIterator<Point, Source, Page>
  extends PageIterator<GroupedItem<Point, Source>, Page> {
  /** With `mergeByProvider: true`: `{ [provider]: points[] }`, merged across groups and pages, `limit` points at most. */
  toArray(options: GroupedToArrayOptions & { mergeByProvider: true }): Promise<Record<string, Point[]>>;
  toArray(options: GroupedToArrayOptions): Promise<GroupedItem<Point, Source>[]>;
}

function checkLimit(options: ToArrayOptions | undefined): number {
  const limit = options?.limit;
  if (limit === Number.POSITIVE_INFINITY || (Number.isInteger(limit) && (limit as number) >= 1)) {
    return limit as number;
  }
  throw new ValidationError(
    'limit',
    `toArray({ limit }) needs a positive integer (or Infinity to opt in to every item), got ${shownValue(limit)}; ` +
      'use for await to stream without holding every item',
  );
}

/** The one implementation behind every generated method: interprets the operation's rule from the table. */
export class Paginator<Item, Page> implements PageIterator<Item, Page> {
  readonly #walk: Walk;

  constructor(walk: Walk) {
    this.#walk = walk;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Item> {
    return new ItemIterator<Item>(this.#walk, this.#pageBodies());
  }

  pages(): AsyncIterableIterator<Page> {
    return this.#pageBodies() as AsyncIterableIterator<Page>;
  }

  async toArray(options: GroupedToArrayOptions): Promise<never> {
    const limit = checkLimit(options);
    const merge = options.mergeByProvider === true;
    if (merge && this.#walk.rule.itemsShape !== 'grouped') {
      throw new ValidationError('mergeByProvider', `${this.#walk.operationId} does not return grouped items`);
    }
    const items: unknown[] = [];
    const merged: Record<string, unknown[]> = Object.create(null);
    let taken = 0;
    for await (const item of this) {
      if (merge) {
        const { provider, point } = item as GroupedItem<unknown, unknown>;
        const points = merged[provider];
        if (points) points.push(point);
        else merged[provider] = [point];
      } else {
        items.push(item);
      }
      // Breaking here, before the next pull, means no page beyond the limit is ever requested.
      if (++taken >= limit) break;
    }
    return (merge ? merged : items) as never;
  }

  #pageBodies(): AsyncGenerator<Json, void, undefined> {
    const { rule } = this.#walk;
    return rule.style === 'cursor' ? cursorPages(this.#walk, rule) : numberedPages(this.#walk, rule);
  }
}
