import { MaxPagesExceededError, StalledPageError } from '../../pagination-errors.js';
import type { PageRule } from '../../pagination-rules.js';
import { countItems } from './items.js';
import { fetchPage, type Json, pageParams, type Walk } from './walk.js';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/** Whether `page` (the page number we asked for) is the last, from `pages`, else `total` with the echoed size. */
function isLastPage(
  body: Json,
  rule: PageRule,
  page: number,
  seenItems: number,
  fromFirst: boolean,
): boolean {
  const pages = rule.pagesField === undefined ? undefined : count(body[rule.pagesField]);
  if (pages !== undefined) return page >= pages;
  const total = rule.totalField === undefined ? undefined : count(body[rule.totalField]);
  if (total === undefined) return false;
  const size = rule.sizeField === undefined ? undefined : count(body[rule.sizeField]);
  // The echoed size, never the requested one: a service that caps the size would otherwise end the walk early.
  if (size) return page * size >= total;
  return fromFirst && seenItems >= total;
}

/** Pages of a page-numbered operation: from the caller's page (default 1) to the last page or an empty page. */
export async function* numberedPages(walk: Walk, rule: PageRule): AsyncGenerator<Json, void, undefined> {
  const start = walk.params[rule.pageParam];
  let page = typeof start === 'number' && Number.isInteger(start) && start >= 1 ? start : 1;
  const fromFirst = page === 1;
  let seenItems = 0;
  let previousEcho: number | undefined;
  for (let fetched = 0; ; fetched++) {
    if (fetched === walk.maxPages) throw new MaxPagesExceededError(walk.operationId, walk.maxPages);
    let body: Json | undefined = await fetchPage(walk, pageParams(walk.params, { [rule.pageParam]: page }));
    const echo = rule.pageField === undefined ? undefined : count(body[rule.pageField]);
    if (echo !== undefined && previousEcho !== undefined && echo <= previousEcho) {
      throw new StalledPageError(walk.operationId, fetched, echo, previousEcho);
    }
    const items = countItems(body, rule);
    seenItems += items;
    const last = items === 0 || isLastPage(body, rule, page, seenItems, fromFirst);
    yield body;
    // Without this, the generator's frame keeps this page alive while the next one is fetched and parsed.
    body = undefined;
    if (last) return;
    previousEcho = echo;
    page += 1;
  }
}
