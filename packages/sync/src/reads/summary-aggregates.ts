import { SyncInputError } from '../errors/errors.js';
import { RESOURCES, type SummaryResource } from '../resources.js';
import type { SummaryKey, SyncStore } from '../stores/store.js';
import { clientUserIds } from './client-user-ids.js';
import { checkDayRange } from './day-range.js';

const PAGE = 1_000;

/** Which stored summaries to aggregate per user: one resource's number over a range of the users' own days. */
export interface SummaryAggregateQuery {
  resource: SummaryResource;
  /** The number to aggregate: a field of the record as the service sent it, dotted for a nested one (`energy.value`). */
  field: string;
  /** The first and last calendar day (`YYYY-MM-DD`, inclusive): the provider's own (local) day of each record. */
  from: string;
  to: string;
  /** Only this provider's records (default: every provider's, each record counted once). */
  provider?: string;
}

/** One user's aggregate of the records that hold the field as a number. */
export interface UserAggregate {
  /** The partner's id of the user (null: known to the store by its user id only). */
  clientUserId: string | null;
  userId: string;
  /** Records counted, and the days they fall on. */
  count: number;
  days: number;
  sum: number;
  avg: number;
  min: number;
  max: number;
}

/** The summary resources (every resource but the steps timeseries). */
export const SUMMARY_RESOURCES = RESOURCES.filter((name): name is SummaryResource => name !== 'steps');

const numberAt = (data: Record<string, unknown>, path: readonly string[]): number | undefined => {
  let value: unknown = data;
  for (const part of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** Checks a query before the store is read: a typo must not quietly aggregate nothing. */
export function checkAggregateQuery(query: SummaryAggregateQuery): void {
  if (!(SUMMARY_RESOURCES as readonly string[]).includes(query.resource))
    throw new SyncInputError(`resource must be one of ${SUMMARY_RESOURCES.join(', ')}`);
  if (!/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(query.field) || query.field.length > 200)
    throw new SyncInputError(
      'field must be a field name of the record, dotted for a nested one (energy.value)',
    );
  checkDayRange(query.from, query.to);
}

/**
 * Per user: count, sum, average, least and most of one number of a summary resource over a range of
 * calendar days, from every record that holds it as a number (in user id order). Reads the resource's rows
 * a page at a time in key order, from the first of that resource, so memory holds one page and the users.
 */
export async function summaryAggregates(
  store: SyncStore,
  query: SummaryAggregateQuery,
): Promise<UserAggregate[]> {
  checkAggregateQuery(query);
  const path = query.field.split('.');
  const byUser = new Map<
    string,
    { count: number; days: Set<string>; sum: number; min: number; max: number }
  >();
  let after: SummaryKey = { resource: query.resource, userId: '', provider: '', calendarDate: '' };
  for (;;) {
    const page = await store.readSummaries(PAGE, after);
    for (const row of page) {
      if (row.resource !== query.resource) break;
      if (row.calendarDate < query.from || row.calendarDate > query.to) continue;
      if (query.provider !== undefined && row.provider !== query.provider) continue;
      const value = numberAt(row.data, path);
      if (value === undefined) continue;
      const user = byUser.get(row.userId) ?? { count: 0, days: new Set(), sum: 0, min: value, max: value };
      user.count++;
      user.days.add(row.calendarDate);
      user.sum += value;
      user.min = Math.min(user.min, value);
      user.max = Math.max(user.max, value);
      byUser.set(row.userId, user);
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last || last.resource !== query.resource) break;
    after = last;
  }
  const ids = await clientUserIds(store);
  return [...byUser].map(([userId, user]) => ({
    clientUserId: ids.get(userId) ?? null,
    userId,
    count: user.count,
    days: user.days.size,
    sum: user.sum,
    avg: user.sum / user.count,
    min: user.min,
    max: user.max,
  }));
}
