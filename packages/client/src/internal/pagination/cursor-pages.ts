import { MaxPagesExceededError, RepeatedCursorError } from '../../pagination-errors.js';
import type { CursorRule } from '../../pagination-rules.js';
import { fetchPage, type Json, pageParams, type Walk } from './walk.js';

interface NextCursor {
  cursor: string;
  /** The query parameter that carries it: the deprecated one for a cursor read from the deprecated field. */
  param: string;
}

/** `nextField` when the page has it (null there ends the walk); the deprecated field only when it is absent. */
function nextCursor(page: Json, rule: CursorRule): NextCursor | undefined {
  const fromCurrent = page[rule.nextField] !== undefined;
  const field = fromCurrent ? rule.nextField : rule.deprecatedNextField;
  const cursor = field === undefined ? undefined : page[field];
  if (typeof cursor !== 'string' || cursor === '') return undefined;
  const param = fromCurrent ? rule.cursorParam : (rule.deprecatedCursorParam ?? rule.cursorParam);
  return { cursor, param };
}

/** Pages of a cursor-style operation, one request at a time, holding only the page being read. */
export async function* cursorPages(walk: Walk, rule: CursorRule): AsyncGenerator<Json, void, undefined> {
  const first = walk.params[rule.cursorParam];
  const seen = new Set<string>(typeof first === 'string' ? [first] : []);
  let next: NextCursor | undefined;
  for (let fetched = 0; ; fetched++) {
    if (fetched === walk.maxPages) throw new MaxPagesExceededError(walk.operationId, walk.maxPages);
    const set: Json = {};
    if (next) {
      set[rule.cursorParam] = undefined;
      set[next.param] = next.cursor;
    }
    let page: Json | undefined = await fetchPage(walk, pageParams(walk.params, set));
    next = nextCursor(page, rule);
    yield page;
    // Without this, the generator's frame keeps this page alive while the next one is fetched and parsed.
    page = undefined;
    if (next === undefined) return;
    if (seen.has(next.cursor)) throw new RepeatedCursorError(walk.operationId, fetched + 1, next.cursor);
    seen.add(next.cursor);
  }
}
