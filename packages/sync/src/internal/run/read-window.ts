import { type CursorRule, operationRules } from '@svc/client';
import { ShapeError } from '../../errors/errors.js';
import { isoOf, timeMs } from '../../instants.js';
import type { SummaryResource } from '../../resources.js';
import {
  READ_TIMES,
  type ReadStepRow,
  type StepRow,
  type SummaryRow,
  type SyncWindow,
  type WindowRows,
} from '../../stores/store.js';
import type { SyncClient } from '../../sync-client.js';

/** Called before every request a window sends: waits out a rate-limit pause, counts the request. */
export type BeforeRequest = () => Promise<void>;

const SUMMARY_READS = {
  activity: (client, params, options) => client.getActivitySummary(params, options),
  body: (client, params, options) => client.getBodySummary(params, options),
  meal: (client, params, options) => client.getMealSummary(params, options),
  profile: (client, params, options) => client.getProfileSummary(params, options),
  sleep: (client, params, options) => client.getSleepSummary(params, options),
  workouts: (client, params, options) => client.getWorkoutsSummary(params, options),
} satisfies Record<
  SummaryResource,
  (
    client: SyncClient,
    params: { user_id: string; start_date: string; end_date: string; provider: string },
    options: { signal?: AbortSignal; maxRetries: number },
  ) => { withResponse(): Promise<{ data: unknown; response: Response }> }
>;

const DAY_MS = 86_400_000;
const dayCount = (window: SyncWindow) =>
  Math.round((Date.parse(window.end) - Date.parse(window.start)) / DAY_MS) + 1;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** What a group says about all its points (its `source`, and any field this version does not know). */
const groupContext = (group: Record<string, unknown>): [string, unknown][] =>
  Object.entries(group).filter(([key]) => key !== 'data');

/**
 * A point as the service sent it (times as written, with their offsets, every field kept), with its
 * group's context where the point does not carry the field itself: the service sends a point's `source`
 * once for its group. The parsed point itself is completed (the page it came from is not used again), so
 * a window holds no second copy of each point while it is read.
 */
function pointAsSent(point: Record<string, unknown>, context: [string, unknown][]): Record<string, unknown> {
  for (const [key, value] of context) {
    if (Object.hasOwn(point, key)) continue;
    // Defined, not assigned, for `__proto__` alone (so it stays a field): assigning is the same for any
    // other name on a plain object, and several times cheaper per point.
    if (key === '__proto__')
      Object.defineProperty(point, key, { value, enumerable: true, writable: true, configurable: true });
    else point[key] = value;
  }
  return point;
}

const STEPS_PAGES = operationRules('getStepsGrouped').pagination as CursorRule;

type StepPoint = { start: unknown; end: unknown; unit: string; value: number };

/**
 * A point's row, its times one instant each (offsets normalised to UTC; `data` keeps them as written).
 * Times read from text are marked as read (READ_TIMES), so the store takes them as they are. The fields
 * are read before the group's context completes the point.
 */
function stepRow(window: SyncWindow, start: number, point: StepPoint, context: [string, unknown][]): StepRow {
  const { userId, provider } = window;
  const { unit, value } = point;
  if (typeof point.start === 'string' && typeof point.end === 'string') {
    const endMs = timeMs(point.end);
    const row: ReadStepRow = {
      userId,
      provider,
      start: isoOf(start),
      end: isoOf(endMs),
      unit,
      value,
      data: pointAsSent(point as unknown as Record<string, unknown>, context),
      startMs: start,
      endMs,
      [READ_TIMES]: true,
    };
    return row;
  }
  const end =
    typeof point.end === 'string' ? isoOf(timeMs(point.end)) : new Date(point.end as number).toISOString();
  const data = pointAsSent(point as unknown as Record<string, unknown>, context);
  return { userId, provider, start: isoOf(start), end, unit, value, data };
}

/**
 * Whether the client's walk will request another page after `page` (its cursor rule, read from the
 * spec): the sync waits its turn before a request, and must not take a turn for a request never sent.
 */
function namesNextPage(page: Record<string, unknown>): boolean {
  const field =
    page[STEPS_PAGES.nextField] !== undefined ? STEPS_PAGES.nextField : STEPS_PAGES.deprecatedNextField;
  const cursor = field === undefined ? undefined : page[field];
  return typeof cursor === 'string' && cursor !== '';
}

/**
 * Reads one window. Retries are the sync's (so every 429 reaches its concurrency control), hence
 * `maxRetries: 0` on each call. The steps timeseries is walked by the client's paginated call, at most
 * one page per day of the window plus one (`maxPages`), so a service that keeps answering a cursor
 * cannot loop it.
 */
export async function readWindow(
  client: SyncClient,
  window: SyncWindow,
  beforeRequest: BeforeRequest,
  signal?: AbortSignal,
  /**
   * Called after each answer that is not an error (a steps window is many requests, and a pacer counts
   * requests), with the answer when the call gives it (its `Date` tells the service's time).
   */
  afterResponse: (response?: Response) => void = () => {},
): Promise<WindowRows> {
  const options = { maxRetries: 0, ...(signal ? { signal } : {}) };
  const asOf = Date.parse(window.asOf);
  const end = asOf < Date.parse(`${window.end}T23:59:59.999Z`) ? window.asOf : window.end;
  if (window.resource === 'steps') {
    const steps: StepRow[] = [];
    const pages = client
      .getStepsGrouped(
        { user_id: window.userId, start_date: window.start, end_date: end, provider: window.provider },
        { ...options, maxPages: dayCount(window) + 1 },
      )
      .pages();
    await beforeRequest();
    for (let next = await pages.next(); !next.done; next = await pages.next()) {
      const page = next.value;
      afterResponse();
      const groups = page.groups ?? {};
      // Own members only: a provider named `constructor` is not Object's.
      for (const group of Object.hasOwn(groups, window.provider) ? (groups[window.provider] ?? []) : []) {
        const context = groupContext(group as Record<string, unknown>);
        for (const point of group.data ?? []) {
          // Parsed once (and remembered: every user's points share their hours), as the store parses it.
          const start = timeMs(point.start);
          // A point outside the run's fixed end time belongs to a later run (or a webhook).
          if (start > asOf) continue;
          steps.push(stepRow(window, start, point, context));
        }
      }
      if (namesNextPage(page as Record<string, unknown>)) await beforeRequest();
    }
    return { steps, summaries: [] };
  }
  await beforeRequest();
  const resource = window.resource;
  const answer = await SUMMARY_READS[resource](
    client,
    { user_id: window.userId, start_date: window.start, end_date: end, provider: window.provider },
    options,
  ).withResponse();
  afterResponse(answer.response);
  const body = record(answer.data);
  const list = body?.[resource];
  if (!Array.isArray(list)) throw new ShapeError(`the ${resource} summary answer has no "${resource}" list`);
  const summaries: SummaryRow[] = [];
  for (const item of list) {
    const data = record(item);
    const calendarDate = data?.calendar_date;
    if (!data || typeof calendarDate !== 'string')
      throw new ShapeError(`a ${resource} summary has no calendar_date (its natural key)`);
    // `provider` narrows the read; a record of another provider is not this window's.
    const provider = record(data.source)?.provider;
    if (provider !== undefined && provider !== window.provider) continue;
    if (calendarDate < window.start || calendarDate > window.end) continue;
    summaries.push({ resource, userId: window.userId, provider: window.provider, calendarDate, data });
  }
  return { steps: [], summaries };
}
