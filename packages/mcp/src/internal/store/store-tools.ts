import {
  type CallToolResult,
  fromJsonSchema,
  type McpServer,
  type RegisteredTool,
} from '@modelcontextprotocol/server';
import {
  findFailures,
  readFleetStatus,
  type SummaryAggregateQuery,
  SyncInputError,
  type SyncStore,
  summaryAggregates,
  userTimeline,
} from '@svc/sync';
import type { CallSettings } from '../call/call-settings.js';
import { errorName, errorText } from '../call/error-text.js';
import type { JsonSchema } from '../spec/json-schema.js';
import { fitPage } from './fit-page.js';
import {
  AGGREGATES_INPUT,
  AGGREGATES_OUTPUT,
  FRESHNESS_INPUT,
  FRESHNESS_OUTPUT,
  type Stat,
  TIMELINE_INPUT,
  TIMELINE_OUTPUT,
} from './store-schemas.js';
import { aggregatesText, freshnessText, timelineText } from './store-text.js';

/** The tools `--store` adds: named here so a call to one without a store is refused as such. */
export const STORE_TOOL_NAMES = ['store_user_aggregates', 'store_user_timeline', 'store_freshness'] as const;

/** The longest range of days one timeline reads. */
const MAX_TIMELINE_DAYS = 31;
const DAY_MS = 86_400_000;
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

type Args = Record<string, unknown>;
/** The first `shown` items of a page of a tool's answer: its structured content, and its text (`more`: a next page follows). */
type Page = (shown: number, more: boolean) => { structured: Args; text: string };
/** A tool's answer: `items` on this page from `offset`, of `total` in all. */
interface Answer {
  total: number;
  items: number;
  offset: number;
  page: Page;
}

/**
 * The read-only tools over the partner's synced store (`--store`): per-user aggregates of a summary over
 * calendar days, one user's timeline, and the fleet's freshness and failures as `svc-sync status` reads
 * them. Every parameter is typed (no query text reaches the store), the store is opened read-only, and
 * every answer is ranked, bounded by the result budget, and continued by a cursor instead of cut.
 */
export function registerStoreTools(
  server: McpServer,
  store: SyncStore,
  settings: CallSettings,
): Map<string, RegisteredTool> {
  /** Runs a tool: its audit line, its answer fitted to the budget, a bad argument refused, a store failure an error. */
  const run =
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

  const register = (
    name: string,
    title: string,
    description: string,
    input: JsonSchema,
    output: JsonSchema,
    handler: (args: Args) => Promise<CallToolResult>,
  ) =>
    server.registerTool(
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

  const aggregates = register(
    'store_user_aggregates',
    'Per-user aggregates from the synced store',
    'Across every user in your synced store: the average, least, most, sum and count of one number of a daily summary over a range of calendar days, per user, filtered (e.g. stat avg below 21600 for "average sleep under 6 h") and ranked, with the total number of users that match. One call answers a fleet question; users are named by your client user id.',
    AGGREGATES_INPUT,
    AGGREGATES_OUTPUT,
    run('store_user_aggregates', async (args) => {
      const stat = (args.stat as Stat | undefined) ?? 'avg';
      const order = args.order === 'desc' ? -1 : 1;
      const rows = (
        await summaryAggregates(store, {
          resource: args.resource as SummaryAggregateQuery['resource'],
          field: args.field as string,
          from: args.from as string,
          to: args.to as string,
          ...(typeof args.provider === 'string' ? { provider: args.provider } : {}),
        })
      )
        .filter((row) => (typeof args.below === 'number' ? row[stat] < args.below : true))
        .filter((row) => (typeof args.above === 'number' ? row[stat] > args.above : true))
        .sort(
          (a, b) =>
            order * (a[stat] - b[stat]) ||
            (a.clientUserId ?? a.userId).localeCompare(b.clientUserId ?? b.userId),
        );
      const offset = Number(args.cursor ?? 0);
      const limit = (args.limit as number | undefined) ?? 20;
      const users = rows.slice(offset, offset + limit).map((row) => ({
        client_user_id: row.clientUserId,
        user_id: row.userId,
        count: row.count,
        days: row.days,
        avg: row.avg,
        min: row.min,
        max: row.max,
        sum: row.sum,
      }));
      return {
        total: rows.length,
        items: users.length,
        offset,
        page: (shown, more) => {
          const page = users.slice(0, shown);
          return {
            structured: { total: rows.length, users: page },
            text: aggregatesText(args, stat, rows.length, offset, page, more),
          };
        },
      };
    }),
  );

  const timeline = register(
    'store_user_timeline',
    'One user’s data from the synced store',
    'What your synced store holds of one user (by your client user id) over a range of days (at most 31): each daily summary record as the service sent it, and steps totalled per provider and day.',
    TIMELINE_INPUT,
    TIMELINE_OUTPUT,
    run('store_user_timeline', async (args) => {
      const from = args.from as string;
      const to = args.to as string;
      if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) >= MAX_TIMELINE_DAYS * DAY_MS)
        throw new SyncInputError(`the range may span at most ${MAX_TIMELINE_DAYS} days`);
      const found = await userTimeline(store, args.client_user_id as string, from, to);
      if (!found) throw new SyncInputError(`the store holds no user ${JSON.stringify(args.client_user_id)}`);
      const steps = new Map<
        string,
        { provider: string; day: string; total: number; unit: string; points: number }
      >();
      for (const point of found.steps) {
        const day = new Date(point.start).toISOString().slice(0, 10);
        const key = `${point.provider} ${day}`;
        const entry = steps.get(key) ?? {
          provider: point.provider,
          day,
          total: 0,
          unit: point.unit,
          points: 0,
        };
        entry.total += point.value;
        entry.points++;
        steps.set(key, entry);
      }
      const offset = Number(args.cursor ?? 0);
      const limit = (args.limit as number | undefined) ?? 50;
      const summaries = found.summaries.slice(offset, offset + limit).map((row) => ({
        resource: row.resource,
        provider: row.provider,
        calendar_date: row.calendarDate,
        data: row.data,
      }));
      return {
        total: found.summaries.length,
        items: summaries.length,
        offset,
        page: (shown, more) => {
          const structured = {
            client_user_id: found.clientUserId,
            user_id: found.userId,
            summaries_total: found.summaries.length,
            summaries: summaries.slice(0, shown),
            steps: [...steps.values()],
          };
          return {
            structured,
            text: timelineText(structured, offset, more),
          };
        },
      };
    }),
  );

  const freshness = register(
    'store_freshness',
    'Freshness and failures of the synced store',
    'How complete your synced store is, as `svc-sync status` reads it: per resource and over all users, how many are complete to the target day and how far the others are behind (naming the furthest behind by client user id); windows pending and failed; and the failures (users that could not be resolved, windows that failed for good) with their errors.',
    FRESHNESS_INPUT,
    FRESHNESS_OUTPUT,
    run('store_freshness', async (args) => {
      const fleet = await readFleetStatus(store, {
        ...(typeof args.complete_to === 'string' ? { completeTo: args.complete_to } : {}),
        worst: (args.worst as number | undefined) ?? 5,
      });
      const failed = await findFailures(store);
      const offset = Number(args.cursor ?? 0);
      const limit = (args.failures as number | undefined) ?? 10;
      // Users first, then windows: one list, paged by one cursor.
      const listed = [
        ...failed.users.map((user) => ({
          kind: 'user' as const,
          item: { client_user_id: user.clientUserId, error: user.error },
        })),
        ...failed.windows.map(({ failure: why, ...window }) => ({
          kind: 'window' as const,
          item: { ...window, ...why },
        })),
      ].slice(offset, offset + limit);
      const total = failed.users.length + failed.windows.length;
      return {
        total,
        items: listed.length,
        offset,
        page: (shown, more) => {
          const page = listed.slice(0, shown);
          const failures = {
            users_total: failed.users.length,
            windows_total: failed.windows.length,
            users: page.filter((entry) => entry.kind === 'user').map((entry) => entry.item),
            windows: page.filter((entry) => entry.kind === 'window').map((entry) => entry.item),
          };
          return {
            structured: { fleet, failures },
            text: freshnessText(fleet, failures, more),
          };
        },
      };
    }),
  );

  return new Map([
    ['store_user_aggregates', aggregates],
    ['store_user_timeline', timeline],
    ['store_freshness', freshness],
  ]);
}

const failure = (text: string, settings: CallSettings): CallToolResult => ({
  content: [{ type: 'text', text: settings.redact(text) }],
  isError: true,
});
