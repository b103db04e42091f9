import type { PaginationRule } from '../../pagination-rules.js';
import { isJson, type Json } from './walk.js';

/** Returned by `take()` once a page has no more items (a list may legitimately hold `undefined`). */
export const END: unique symbol = Symbol('end of page');

/**
 * The items of one page, taken one at a time. Plain cursors rather than generators: this runs once per item,
 * and a generator's resume costs about as much as the rest of the per-item work together.
 */
export interface PageItems {
  take(): unknown;
}

class ListItems implements PageItems {
  #index = 0;
  readonly #list: readonly unknown[];
  constructor(list: readonly unknown[]) {
    this.#list = list;
  }
  take(): unknown {
    return this.#index < this.#list.length ? this.#list[this.#index++] : END;
  }
}

/** `{ provider, source, point }` for every point of every group of every provider, in response order. */
class GroupedItems implements PageItems {
  readonly #groups: Json;
  readonly #providers: string[];
  #provider = -1;
  #slug = '';
  #list: readonly unknown[] = [];
  #group = 0;
  #source: unknown;
  #data: readonly unknown[] = [];
  #point = 0;

  constructor(groups: Json) {
    this.#groups = groups;
    this.#providers = Object.keys(groups);
  }

  take(): unknown {
    while (this.#point >= this.#data.length) {
      if (!this.#nextGroup()) return END;
    }
    return { provider: this.#slug, source: this.#source, point: this.#data[this.#point++] };
  }

  /** Moves to the next group that holds a `data` array; false when the page has none left. */
  #nextGroup(): boolean {
    for (;;) {
      while (this.#group >= this.#list.length) {
        if (++this.#provider >= this.#providers.length) return false;
        this.#slug = this.#providers[this.#provider] as string;
        const list = this.#groups[this.#slug];
        this.#list = Array.isArray(list) ? list : [];
        this.#group = 0;
      }
      const group = this.#list[this.#group++];
      if (isJson(group) && Array.isArray(group.data)) {
        this.#source = group.source;
        this.#data = group.data;
        this.#point = 0;
        return true;
      }
    }
  }
}

const NONE: PageItems = { take: () => END };

/** The items of one page: array elements, or `{ provider, source, point }` for a grouped page. */
export function itemsOf(page: Json, rule: PaginationRule): PageItems {
  const items = page[rule.items];
  if (rule.itemsShape === 'grouped') return isJson(items) ? new GroupedItems(items) : NONE;
  return Array.isArray(items) ? new ListItems(items) : NONE;
}

export function countItems(page: Json, rule: PaginationRule): number {
  const items = page[rule.items];
  if (rule.itemsShape === 'list') return Array.isArray(items) ? items.length : 0;
  let total = 0;
  for (const list of isJson(items) ? Object.values(items) : []) {
    for (const group of Array.isArray(list) ? list : []) {
      if (isJson(group) && Array.isArray(group.data)) total += group.data.length;
    }
  }
  return total;
}
