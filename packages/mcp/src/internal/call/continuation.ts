import type { PaginationRule } from '@svc/client';

type Args = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The arguments of the call that returns the page after `page`, or undefined on the last page: the
 * caller's own arguments with the next cursor or page number. It ends a walk where the client's own
 * walk ends it (its README, "How a walk ends"): a null or empty cursor; an empty page, the last page by
 * `pages`, or `page × size ≥ total`. A model passes these arguments back; nothing is kept here.
 */
export function nextArguments(rule: PaginationRule, args: Args, page: unknown): Args | undefined {
  if (!isRecord(page)) return undefined;
  return rule.style === 'cursor' ? nextCursor(rule, args, page) : nextPage(rule, args, page);
}

function nextCursor(rule: Extract<PaginationRule, { style: 'cursor' }>, args: Args, page: Args) {
  // The deprecated field is read only when the page has no current field at all, as the client does.
  const current = rule.nextField in page;
  const deprecated = !current && rule.deprecatedNextField !== undefined && rule.deprecatedNextField in page;
  const cursor = current
    ? page[rule.nextField]
    : deprecated
      ? page[rule.deprecatedNextField as string]
      : null;
  if (typeof cursor !== 'string' || cursor === '') return undefined;
  const { [rule.cursorParam]: _current, ...rest } = args;
  if (rule.deprecatedCursorParam !== undefined) delete rest[rule.deprecatedCursorParam];
  const param = deprecated ? (rule.deprecatedCursorParam ?? rule.cursorParam) : rule.cursorParam;
  return { ...rest, [param]: cursor };
}

function nextPage(rule: Extract<PaginationRule, { style: 'page' }>, args: Args, page: Args) {
  const items = page[rule.items];
  const count = Array.isArray(items) ? items.length : isRecord(items) ? Object.keys(items).length : 0;
  if (count === 0) return undefined;
  const number = numberOr(rule.pageField && page[rule.pageField], numberOr(args[rule.pageParam], 1));
  const pages = rule.pagesField ? page[rule.pagesField] : undefined;
  if (typeof pages === 'number' && number >= pages) return undefined;
  const total = rule.totalField ? page[rule.totalField] : undefined;
  if (typeof total === 'number') {
    // The size the service echoes wins over the one asked for: a service that caps it is still walked.
    const size = numberOr(
      rule.sizeField && page[rule.sizeField],
      numberOr(rule.sizeParam && args[rule.sizeParam], count),
    );
    if (number * size >= total) return undefined;
  }
  return { ...args, [rule.pageParam]: number + 1 };
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
