import type { GetStepsGroupedItem } from '@svc/client';
import { ownValue } from './internal/own-value.js';

/**
 * One timeseries value of one user from one provider: what a store keeps of a point of
 * `client.getStepsGrouped` (`@svc/sync`'s `StepRow` extends it).
 */
export interface TimeseriesRow {
  /** The service's user id. */
  userId: string;
  provider: string;
  /** ISO 8601 date-times with Z or an offset. */
  start: string;
  end: string;
  /** The unit as the service sent it (`count` for steps). */
  unit: string;
  value: number;
}

/**
 * One daily summary of one user from one provider: the record as the service sent it and its keys
 * (`@svc/sync`'s `SummaryRow` extends it).
 */
export interface DailySummaryRow {
  /** `activity`, `body`, `meal`, `profile`, `sleep`, `workouts`, or another the service adds. */
  resource: string;
  userId: string;
  provider: string;
  /** `YYYY-MM-DD`: the provider's own day of the record. */
  calendarDate: string;
  data: Record<string, unknown>;
}

/** A row of a point the client's `getStepsGrouped` walk yields, for the user it was read for. */
export function timeseriesRow(userId: string, item: GetStepsGroupedItem): TimeseriesRow {
  const { start, end, unit, value } = item.point;
  return { userId, provider: item.provider, start, end, unit, value };
}

/**
 * The rows of a summary read (`client.getSleepSummary(...)` answers `{ sleep: [...] }`): one per record,
 * keyed by its `source.provider` and `calendar_date`. A record without them is returned in `unkeyed`,
 * never dropped in silence.
 */
export function summaryRows(
  resource: string,
  userId: string,
  response: Record<string, unknown>,
): { rows: DailySummaryRow[]; unkeyed: unknown[] } {
  const records = ownValue(response, resource);
  const rows: DailySummaryRow[] = [];
  const unkeyed: unknown[] = [];
  for (const record of Array.isArray(records) ? records : []) {
    const data = record as Record<string, unknown> | null;
    const provider = (data?.source as { provider?: unknown } | undefined)?.provider;
    const calendarDate = data?.calendar_date;
    if (data && typeof provider === 'string' && typeof calendarDate === 'string')
      rows.push({ resource, userId, provider, calendarDate, data });
    else unkeyed.push(record);
  }
  return { rows, unkeyed };
}
