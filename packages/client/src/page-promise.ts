import { APIPromise, type WithResponse } from './api-promise.js';
import { createPageIterator, type PageCall, type PageIterator } from './page-iterator.js';
import type { PaginationRule } from './pagination-rules.js';
import type { RequestOptions } from './request-options.js';

/** One paginated call, as the client made it: enough to walk on from its first page. */
export interface PagedCall {
  operationId: string;
  rule: PaginationRule;
  params: Record<string, unknown>;
  options: RequestOptions;
  /** Calls the operation again for a later page. */
  call: PageCall;
}

/**
 * What a paginated named method returns: awaiting it gives the first page (like any APIPromise), and
 * `for await` over it yields every item of every page, as in the Stainless-generated SDKs. The first
 * pass reuses the request already made for the first page; every later pass starts a fresh walk.
 */
export class PagePromise<Page, Item> extends APIPromise<Page> implements AsyncIterable<Item> {
  readonly #first: Promise<WithResponse<Page>>;
  readonly #paged: PagedCall;
  #firstUsed = false;

  constructor(result: Promise<WithResponse<Page>>, paged: PagedCall) {
    super(result);
    this.#first = result;
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

  #walk(): PageIterator<Item, Page> {
    const { operationId, rule, params, options, call } = this.#paged;
    return createPageIterator<Item, Page>({
      operationId,
      rule,
      params,
      options,
      call: (pageParams, pageOptions) => {
        // The first page of the first pass is the request this call already sent.
        if (!this.#firstUsed && sameParams(pageParams, params, rule)) {
          this.#firstUsed = true;
          return this.#first.then((first) => first.data);
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
