import { ValidationError } from './errors.js';
import { cursorPages } from './internal/pagination/cursor-pages.js';
import { ItemIterator } from './internal/pagination/item-iterator.js';
import { numberedPages } from './internal/pagination/numbered-pages.js';
import { shownValue } from './internal/pagination/shown-value.js';
import type { Json, Walk } from './internal/pagination/walk.js';
import {
  DEFAULT_MAX_PAGES,
  type GroupedToArrayOptions,
  type PaginateOptions,
  type ToArrayOptions,
} from './page-iterator-options.js';
import type { GroupedItem, PaginationRule } from './pagination-rules.js';
import type { RequestOptions } from './request-options.js';

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

/** The one implementation behind every paginated method: interprets the operation's rule. */
class Paginator<Item, Page> implements PageIterator<Item, Page> {
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

/** Sends one page request: the named method of the operation, `client[operationId](params, options)`. */
export type PageCall = (params: Record<string, unknown>, options: RequestOptions) => PromiseLike<unknown>;

/** What one walk over a paginated operation needs; a paginated call (PagePromise) builds it. */
export interface PageWalk {
  operationId: string;
  rule: PaginationRule;
  /** The caller's params; the walk sets the page or cursor parameter on each request. */
  params: object | undefined;
  call: PageCall;
  /** Request options of every page request, plus `maxPages` (default 10,000). */
  options: PaginateOptions | undefined;
}

/** `maxPages` of a walk, or its default; a ValidationError for anything but a positive integer. */
export function checkMaxPages(maxPages: unknown): number {
  if (maxPages === undefined) return DEFAULT_MAX_PAGES;
  if (Number.isInteger(maxPages) && (maxPages as number) >= 1) return maxPages as number;
  throw new ValidationError('maxPages', `must be a positive integer, got ${shownValue(maxPages)}`);
}

/** The iterator over every item of every page of one paginated call. Throws ValidationError for a bad `maxPages`. */
export function createPageIterator<Item, Page>(walk: PageWalk): PageIterator<Item, Page> {
  const { maxPages, ...requestOptions } = walk.options ?? {};
  return new Paginator({
    operationId: walk.operationId,
    rule: walk.rule,
    params: { ...walk.params },
    call: walk.call,
    requestOptions,
    maxPages: checkMaxPages(maxPages),
  });
}
