import type { SvcClient } from '@svc/client';
import { ShapeError } from '../errors.js';
import type { SummaryResource } from '../resources.js';
import type { StepRow, SummaryRow, SyncWindow, WindowRows } from '../store.js';

/** Called before every request a window sends: waits out a rate-limit pause, counts the request. */
export type BeforeRequest = () => Promise<void>;

/** The client methods a sync reads with: one per resource. */
export type SyncClient = Pick<
  SvcClient,
  | 'resolveUser'
  | 'getStepsGrouped'
  | 'getActivitySummary'
  | 'getBodySummary'
  | 'getMealSummary'
  | 'getProfileSummary'
  | 'getSleepSummary'
  | 'getWorkoutsSummary'
>;

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
  ) => PromiseLike<unknown>
>;

const DAY_MS = 86_400_000;
const dayCount = (window: SyncWindow) =>
  Math.round((Date.parse(window.end) - Date.parse(window.start)) / DAY_MS) + 1;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/**
 * Reads one window. Retries are the sync's (so every 429 reaches its concurrency control), hence
 * `maxRetries: 0` on each call. The steps timeseries is walked page by page, at most one page per day
 * of the window plus one, so a service that keeps answering a cursor cannot loop it.
 */
export async function readWindow(
  client: SyncClient,
  window: SyncWindow,
  beforeRequest: BeforeRequest,
  signal?: AbortSignal,
  /** Called after each answer that is not an error: a steps window is many requests, and a pacer counts requests. */
  afterResponse: () => void = () => {},
): Promise<WindowRows> {
  const options = { maxRetries: 0, ...(signal ? { signal } : {}) };
  const asOf = Date.parse(window.asOf);
  const end = asOf < Date.parse(`${window.end}T23:59:59.999Z`) ? window.asOf : window.end;
  if (window.resource === 'steps') {
    const steps: StepRow[] = [];
    let cursor: string | null | undefined;
    for (let page = 0; page <= dayCount(window); page++) {
      await beforeRequest();
      const response = await client.getStepsGrouped(
        {
          user_id: window.userId,
          start_date: window.start,
          end_date: end,
          provider: window.provider,
          ...(cursor ? { next_cursor: cursor } : {}),
        },
        options,
      );
      afterResponse();
      for (const group of response.groups?.[window.provider] ?? []) {
        for (const point of group.data ?? []) {
          // A point outside the run's fixed end time belongs to a later run (or a webhook).
          if (Date.parse(point.start) > asOf) continue;
          steps.push({
            userId: window.userId,
            provider: window.provider,
            // One instant, one key: offsets are normalised to UTC.
            start: new Date(point.start).toISOString(),
            end: new Date(point.end).toISOString(),
            unit: point.unit,
            value: point.value,
          });
        }
      }
      cursor = response.next_cursor;
      if (!cursor) return { steps, summaries: [] };
    }
    throw new ShapeError(
      `the steps timeseries kept answering a next_cursor past ${dayCount(window) + 1} pages`,
    );
  }
  await beforeRequest();
  const resource = window.resource;
  const body = record(
    await SUMMARY_READS[resource](
      client,
      { user_id: window.userId, start_date: window.start, end_date: end, provider: window.provider },
      options,
    ),
  );
  afterResponse();
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
