import { APIPromise, type WithResponse } from './api-promise.js';
import { createPageIterator, type PageCall, type PageIterator } from './page-iterator.js';
import type { GroupedToArrayOptions, PaginateOptions, ToArrayOptions } from './page-iterator-options.js';
import type { GroupedItem, PaginationRule } from './pagination-rules.js';

/** One paginated call, as the client made it: enough to walk on from its first page. */
export interface PagedCall {
  operationId: string;
  rule: PaginationRule;
  params: Record<string, unknown>;
  /** The call's request options, given to every page request, and `maxPages`. */
  options: PaginateOptions;
  /** Calls the operation again for a later page. */
  call: PageCall;
}

/** The points of a grouped timeseries item (`{ provider, source, point }`); `never` for other items. */
type PointOf<Item> = Item extends GroupedItem<infer Point, unknown> ? Point : never;

/**
 * What a paginated named method returns: awaiting it gives the first page (like any APIPromise), and
 * `for await` over it yields every item of every page, as in the Stainless-generated SDKs. Nothing is
 * sent until the call is awaited or walked, so a walk refused at the start (a bad `limit`) sends
 * nothing. The first request serves both awaiting and the first walk; every later walk starts afresh.
 */
export class PagePromise<Page, Item> extends APIPromise<Page> implements AsyncIterable<Item> {
  /** Starts (once) the first page's request until a walk takes it: a box the walks share, so no walk holds this promise object. */
  readonly #first: { page: (() => Promise<WithResponse<Page>>) | undefined };
  readonly #paged: PagedCall;

  /** `start` sends the call's own request; it runs once, when the call is first awaited or walked. */
  constructor(start: () => Promise<WithResponse<Page>>, paged: PagedCall) {
    let started: Promise<WithResponse<Page>> | undefined;
    const first = () => {
      started ??= start();
      return started;
    };
    super(first);
    this.#first = { page: first };
    this.#paged = paged;
  }

  /** Every item of every page, one page request at a time. */
  [Symbol.asyncIterator](): AsyncIterableIterator<Item> {
    return this.#walk()[Symbol.asyncIterator]();
  }

  /** Every page body, from this call's first page on. */
  pages(): AsyncIterableIterator<Page> {
    return this.#walk().pages();
  }

  /**
   * The first `limit` items (a positive integer, or `Infinity` to opt in to all); no page beyond them is
   * requested. On a grouped timeseries, `mergeByProvider: true` gives `{ [provider]: points[] }` instead.
   */
  toArray(options: ToArrayOptions & { mergeByProvider?: false }): Promise<Item[]>;
  toArray(
    options: Item extends GroupedItem<unknown, unknown>
      ? GroupedToArrayOptions & { mergeByProvider: true }
      : never,
  ): Promise<Record<string, PointOf<Item>[]>>;
  toArray(options: GroupedToArrayOptions): Promise<unknown> {
    try {
      return (this.#walk() as PageIterator<unknown, Page>).toArray(options);
    } catch (error) {
      // A bad `maxPages` is refused when the walk is made: a rejection, like every failure of a call.
      return Promise.reject(error);
    }
  }

  #walk(): PageIterator<Item, Page> {
    const { operationId, rule, params, options, call } = this.#paged;
    const first = this.#first;
    return createPageIterator<Item, Page>({
      operationId,
      rule,
      params,
      options,
      call: (pageParams, pageOptions) => {
        // The first page of the first pass is the call's own request (sent now, or already by awaiting the
        // call); once taken, nothing here holds it, so the walk can let it go when it moves on.
        const page = first.page;
        if (page && sameParams(pageParams, params, rule)) {
          first.page = undefined;
          return page().then((taken) => taken.data);
        }
        return call(pageParams, pageOptions);
      },
    });
  }
}

/** Whether a walk's request is the call's own: the same params, the page number 1 set where none was. */
function sameParams(
  pageParams: Record<string, unknown>,
  params: Record<string, unknown>,
  rule: PaginationRule,
): boolean {
  const names = new Set([...Object.keys(pageParams), ...Object.keys(params)]);
  for (const name of names) {
    if (pageParams[name] === params[name]) continue;
    // A page-numbered walk asks for page 1 explicitly; the call without a page number got page 1 too.
    if (
      rule.style === 'page' &&
      name === rule.pageParam &&
      params[name] === undefined &&
      pageParams[name] === 1
    )
      continue;
    return false;
  }
  return true;
}
