import type { CallToolResult } from '@modelcontextprotocol/server';
import type { PaginationRule } from '@svc/client';
import { type CatalogueTool, WAIT_ARGUMENT } from '../catalogue.js';
import type { CallSettings, ToolRequest } from './call-settings.js';
import { nextArguments } from './continuation.js';
import { type FittedJson, fitJson, wireBytes } from './fit-json.js';
import type { CallOutcome } from './follow-call.js';

/** Room kept for the note that says how a result was cut (it is shortened to fit). */
const CUT_NOTE_BYTES = 1_000;

/**
 * The answer a model reads: the data as JSON text (exactly what the client returned, when it fits),
 * then, when there is something to say, a second text block holding a JSON object: `continuation`
 * (the tool and arguments of the next page's call), `note` (a wait that ran out) or `cut` (how the
 * data was shortened to the byte budget, and how to narrow the call to get all of it). A cut page
 * gets no continuation: it would skip the items cut from it.
 */
export function presentResult(
  tool: CatalogueTool,
  args: Record<string, unknown>,
  outcome: CallOutcome,
  request: ToolRequest,
  settings: CallSettings,
): CallToolResult {
  const callArgs = { ...args };
  if (tool.follow) delete callArgs[WAIT_ARGUMENT];
  const next = tool.pagination ? nextArguments(tool.pagination, callArgs, outcome.data) : undefined;
  const about: Record<string, unknown> = {};
  if (next) about.continuation = request.callOf(next);
  if (outcome.note) about.note = outcome.note;
  // The note is measured as it is sent, masked: a secret shorter than `[redacted]` grows when masked.
  const budget =
    settings.maxResultBytes -
    CUT_NOTE_BYTES -
    (next || outcome.note ? wireBytes(settings.redact(JSON.stringify(about))) : 0);
  const fitted = fitJson(outcome.data, budget, settings.redact);
  const cut = fitted.cutArrays || fitted.truncatedText;
  if (cut) {
    delete about.continuation;
    about.cut = cutNote(fitted, tool, settings.maxResultBytes);
  }
  const content: CallToolResult['content'] = [{ type: 'text', text: fitted.text }];
  if (Object.keys(about).length > 0)
    content.push({ type: 'text', text: settings.redact(JSON.stringify(about)) });
  return { content };
}

function cutNote(fitted: FittedJson, tool: CatalogueTool, maxBytes: number): string {
  const how = fitted.truncatedText
    ? 'the JSON text stops there and is not valid JSON'
    : `each list keeps its first ${fitted.keptPerArray} items (${(fitted.cutArrays ?? [])
        .map(({ path, total }) => `${path} had ${total}`)
        .join(', ')})`;
  const ways: string[] = [];
  const size = pageSizeParam(tool.pagination);
  if (size && fitted.keptPerArray)
    ways.push(`start again from the first page with ${size} at most ${fitted.keptPerArray}`);
  const filters = tool.filters.filter((name) => !pagingParams(tool.pagination).has(name));
  if (filters.length > 0) ways.push(`use the call's filters (${filters.join(', ')})`);
  const narrow = ways.length > 0 ? `; to see all of it, ${ways.join(', or ')}` : '';
  const note = `Cut to fit ${maxBytes} bytes (the whole answer is ${fitted.fullBytes}): ${how}. Nothing is lost at the service${narrow}.`;
  return note.length > CUT_NOTE_BYTES / 2 ? `${note.slice(0, CUT_NOTE_BYTES / 2 - 1)}…` : note;
}

const pageSizeParam = (rule: PaginationRule | undefined) =>
  rule?.style === 'page' ? rule.sizeParam : undefined;

/** The parameters the pagination itself uses: not filters a model narrows with. */
function pagingParams(rule: PaginationRule | undefined): Set<string> {
  if (!rule) return new Set();
  if (rule.style === 'page') return new Set([rule.pageParam, ...(rule.sizeParam ? [rule.sizeParam] : [])]);
  return new Set([rule.cursorParam, ...(rule.deprecatedCursorParam ? [rule.deprecatedCursorParam] : [])]);
}
