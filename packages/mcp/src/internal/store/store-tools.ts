import {
  type CallToolResult,
  fromJsonSchema,
  type McpServer,
  type RegisteredTool,
} from '@modelcontextprotocol/server';
import { SyncInputError, type SyncStore } from '@svc/sync';
import type { CallSettings } from '../call/call-settings.js';
import { errorName, errorText } from '../call/error-text.js';
import type { JsonSchema } from '../spec/json-schema.js';
import { aggregatesAnswer } from './aggregates-answer.js';
import { fitPage } from './fit-page.js';
import { freshnessAnswer } from './freshness-answer.js';
import { labOrdersAnswer } from './lab-orders-answer.js';
import type { Answer } from './store-answer.js';
import {
  AGGREGATES_INPUT,
  AGGREGATES_OUTPUT,
  FRESHNESS_INPUT,
  FRESHNESS_OUTPUT,
  LAB_ORDERS_INPUT,
  LAB_ORDERS_OUTPUT,
  MAX_TIMELINE_DAYS,
  TIMELINE_INPUT,
  TIMELINE_OUTPUT,
} from './store-schemas.js';
import { timelineAnswer } from './timeline-answer.js';

/**
 * The tools `--store` adds, in the order they are listed: named here so a call to one without a store is
 * refused as such, and counted where the server says what it serves.
 */
export const STORE_TOOL_NAMES = [
  'store_user_aggregates',
  'store_user_timeline',
  'store_freshness',
  'store_lab_orders',
] as const;

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

type Args = Record<string, unknown>;

/** Runs a tool: its audit line, its answer fitted to the budget, a bad argument refused, a store failure an error. */
const storeToolRunner =
  (settings: CallSettings) =>
  (name: string, answer: (args: Args) => Promise<Answer>) =>
  async (args: Args): Promise<CallToolResult> => {
    const started = performance.now();
    const audit = (
      entry:
        | { outcome: 'ok' }
        | { outcome: 'error'; error: string }
        | { outcome: 'refused'; reason: 'invalid-arguments' },
    ) =>
      settings.audit({
        time: new Date().toISOString(),
        tool: name,
        ...entry,
        ms: Math.round(performance.now() - started),
      });
    try {
      const { total, items, offset, page } = await answer(args);
      const build = (shown: readonly unknown[]): CallToolResult => {
        const more = offset + shown.length < total;
        const { structured, text } = page(shown.length, more);
        const next = more
          ? { tool: name, arguments: { ...args, cursor: String(offset + shown.length) } }
          : null;
        return {
          content: [{ type: 'text', text: settings.redact(text) }],
          structuredContent: { ...structured, next },
        };
      };
      const remaining = Array.from({ length: items });
      const fitted = fitPage(remaining, build, settings.maxResultBytes);
      if (!fitted) {
        audit({ outcome: 'error', error: 'ResultBudgetError' });
        return failure(
          `Not even one item of ${name} fits the result budget of ${settings.maxResultBytes} bytes: the operator can raise --max-result-bytes.`,
          settings,
        );
      }
      audit({ outcome: 'ok' });
      return fitted.result;
    } catch (error) {
      if (error instanceof SyncInputError) {
        audit({ outcome: 'refused', reason: 'invalid-arguments' });
        return failure(`Invalid arguments for ${name}: ${error.message}. Nothing was read.`, settings);
      }
      audit({ outcome: 'error', error: errorName(error) });
      return failure(`The store could not be read: ${errorText(error)}`, settings);
    }
  };

/** One store tool: its words, its schemas, and how it answers from the store. */
interface StoreTool {
  title: string;
  description: string;
  input: JsonSchema;
  output: JsonSchema;
  answer: (store: SyncStore, args: Args) => Promise<Answer>;
}

/** Every store tool by its name: a tool added here without its name in STORE_TOOL_NAMES (or back) does not compile. */
const STORE_TOOLS: Record<(typeof STORE_TOOL_NAMES)[number], StoreTool> = {
  store_user_aggregates: {
    title: 'Per-user aggregates from the synced store',
    description:
      'Across every user in your synced store: the average, least, most, sum and count of one number of a daily summary over a range of calendar days, per user, filtered (e.g. stat avg below 21600 for "average sleep under 6 h") and ranked, with the total number of users that match. One call answers a fleet question; users are named by your client user id.',
    input: AGGREGATES_INPUT,
    output: AGGREGATES_OUTPUT,
    answer: aggregatesAnswer,
  },
  store_user_timeline: {
    title: 'One user’s data from the synced store',
    description: `What your synced store holds of one user (by your client user id) over a range of days (at most ${MAX_TIMELINE_DAYS}, from and to included): each daily summary record as the service sent it, by its calendar date (the provider’s day, usually the user’s local day), and steps totalled per provider and UTC day: not the same days, so do not add the two up as one day.`,
    input: TIMELINE_INPUT,
    output: TIMELINE_OUTPUT,
    answer: timelineAnswer,
  },
  store_freshness: {
    title: 'Freshness and failures of the synced store',
    description:
      'How complete your synced store is, as `svc-sync status` reads it: per resource and over all users, how many are complete to the target day and how far the others are behind (naming the furthest behind by client user id); windows pending and failed; and the failures (users that could not be resolved, windows that failed for good) with their errors.',
    input: FRESHNESS_INPUT,
    output: FRESHNESS_OUTPUT,
    answer: freshnessAnswer,
  },
  store_lab_orders: {
    title: 'Lab orders from the synced store',
    description:
      'The lab orders your synced store heard of by webhook, by default those not completed yet (latest status neither completed nor cancelled), each with your client user id, its status and stage, when it last changed, its latest status events (why it stands there) and the parsed lab report results of its user; ranked by last change, the longest unchanged first, with the total that match.',
    input: LAB_ORDERS_INPUT,
    output: LAB_ORDERS_OUTPUT,
    answer: labOrdersAnswer,
  },
};

/**
 * The read-only tools over the partner's synced store (`--store`): per-user aggregates of a summary over
 * calendar days, one user's timeline, the fleet's freshness and failures as `svc-sync status` reads
 * them, and its lab orders. Every parameter is typed (no query text reaches the store), the store is
 * opened read-only, and every answer is ranked, bounded by the result budget, and continued by a cursor
 * instead of cut. Returns the registered tools by name, in the order of STORE_TOOL_NAMES.
 */
export function registerStoreTools(
  server: McpServer,
  store: SyncStore,
  settings: CallSettings,
): Map<string, RegisteredTool> {
  const run = storeToolRunner(settings);
  return new Map(
    STORE_TOOL_NAMES.map((name) => {
      const { title, description, input, output, answer } = STORE_TOOLS[name];
      const handler = run(name, (args) => answer(store, args));
      const registered = server.registerTool(
        name,
        {
          title,
          description,
          inputSchema: fromJsonSchema<Args>(input),
          outputSchema: fromJsonSchema<Args>(output),
          annotations: { title, ...READ_ONLY },
        },
        (args) => handler(args),
      );
      return [name, registered];
    }),
  );
}

const failure = (text: string, settings: CallSettings): CallToolResult => ({
  content: [{ type: 'text', text: settings.redact(text) }],
  isError: true,
});
