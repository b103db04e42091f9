// Database rows as the store's objects, the same for both stores (PostgreSQL gives times as Dates and
// counts as text, SQLite gives text and numbers: each value is read either way).
import { RESOURCES, type SummaryResource } from '../resources.js';
import {
  type FailedWindow,
  type LabOrderEvent,
  type ResourceStatus,
  recordOf,
  type StepRow,
  type StoredLabOrder,
  type StoredParsingJob,
  type StoredUser,
  type SummaryRow,
  type SyncStatus,
  type SyncWindow,
  type UserCoverage,
  type WindowKey,
} from './store.js';

/** A time as ISO text, whether the driver gave a Date or text. */
export const isoOf = (value: string | Date): string => new Date(value).toISOString();

export interface UserRow {
  client_user_id: string;
  user_id: string | null;
  providers: string;
  error: string | null;
}

export const userOf = (row: UserRow): StoredUser => ({
  clientUserId: row.client_user_id,
  userId: row.user_id,
  providers: JSON.parse(row.providers) as string[],
  error: row.error,
});

export interface FailureColumns {
  error: string | null;
  error_status: number | null;
  error_message: string | null;
  updated_at: string | Date;
}

export const failedWindowOf = (
  row: WindowKeyColumns & FailureColumns & { client_user_id?: string | null },
): FailedWindow => ({
  ...windowKeyOf(row),
  clientUserId: row.client_user_id ?? null,
  failure: { error: row.error ?? 'Error', status: row.error_status, message: row.error_message ?? '' },
  at: isoOf(row.updated_at),
});

export interface StepColumns {
  user_id: string;
  provider: string;
  start: string | Date;
  end: string | Date;
  unit: string;
  value: number | null;
  data: string | null;
}

/**
 * A stored record read back, or what is wrong with it: a row damaged in the database (text that is not
 * JSON, or not an object) is handed on marked, so a reader records it and goes on to the next.
 */
export function storedRecord(text: string | null): { data?: Record<string, unknown>; damaged?: string } {
  if (text === null) return {};
  let data: unknown;
  try {
    data = recordOf(text);
  } catch {
    return { damaged: 'its stored record is not JSON' };
  }
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? { data: data as Record<string, unknown> }
    : { damaged: 'its stored record is not an object' };
}

/** A stored time as ISO text; text that is not a time is kept as stored, for the reader to refuse. */
const storedTime = (value: string | Date): string => {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? String(value) : new Date(ms).toISOString();
};

export function stepOf(row: StepColumns): StepRow {
  const { data, damaged } = storedRecord(row.data);
  return {
    userId: row.user_id,
    provider: row.provider,
    start: storedTime(row.start),
    end: storedTime(row.end),
    unit: row.unit,
    // A NULL value is no value (Number(null) would be 0 steps): NaN, which every reader refuses.
    value: row.value === null ? Number.NaN : Number(row.value),
    ...(data === undefined ? {} : { data }),
    ...(damaged === undefined ? {} : { damaged }),
  };
}

export interface SummaryColumns {
  resource: string;
  user_id: string;
  provider: string;
  calendar_date: string;
  data: string;
}

export function summaryOf(row: SummaryColumns): SummaryRow {
  const { data, damaged } = storedRecord(row.data);
  return {
    resource: row.resource as SummaryResource,
    userId: row.user_id,
    provider: row.provider,
    calendarDate: row.calendar_date,
    data: data ?? {},
    ...(damaged === undefined ? {} : { damaged }),
  };
}

export interface WindowKeyColumns {
  user_id: string;
  resource: string;
  provider: string;
  start_date: string;
  end_date: string;
}

export const windowKeyOf = (row: WindowKeyColumns): WindowKey => ({
  userId: row.user_id,
  resource: row.resource as WindowKey['resource'],
  provider: row.provider,
  start: row.start_date,
  end: row.end_date,
});

/** A window's key as the five values its SQL binds, in the order of its key columns. */
export const keyValues = (w: WindowKey) => [w.userId, w.resource, w.provider, w.start, w.end];

export interface WindowColumns extends WindowKeyColumns {
  as_of: string | Date;
  generation: number;
}

/** A window as stored: SQLite's `as_of` is the text it was given, PostgreSQL's a Date (read as ISO text). */
export const windowOf = (row: WindowColumns): SyncWindow => ({
  ...windowKeyOf(row),
  asOf: typeof row.as_of === 'string' ? row.as_of : isoOf(row.as_of),
  generation: row.generation,
});

/** The end of a calendar day: a summary of that day holds data up to there. */
const endOfDay = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

export interface WindowTotals {
  resource: string;
  as_of: string | Date | null;
  pending_since: string | Date | null;
  pending: number | string | null;
  failed: number | string | null;
}

/** The newest data of each summary resource: the end of its newest calendar day. */
export interface NewestSummary {
  resource: string;
  newest: string;
}

/**
 * Every resource's status, in the order of RESOURCES (a resource with nothing stored or owed included):
 * `newestStep` is the end of the newest steps value, as ISO text.
 */
export function resourceStatuses(
  newestStep: string | null,
  newestSummaries: readonly NewestSummary[],
  totals: readonly WindowTotals[],
  oldestPending: readonly (WindowKeyColumns & { client_user_id: string | null })[],
): ResourceStatus[] {
  const newest = new Map<string, string | null>([['steps', newestStep]]);
  for (const row of newestSummaries) newest.set(row.resource, endOfDay(row.newest));
  const byResource = new Map(totals.map((row) => [row.resource, row]));
  const oldest = new Map(
    oldestPending.map((row) => [row.resource, { ...windowKeyOf(row), clientUserId: row.client_user_id }]),
  );
  return RESOURCES.map((resource) => {
    const row = byResource.get(resource);
    return {
      resource,
      newestData: newest.get(resource) ?? null,
      asOf: row?.as_of ? isoOf(row.as_of) : null,
      pending: Number(row?.pending ?? 0),
      failed: Number(row?.failed ?? 0),
      oldestPending: oldest.get(resource) ?? null,
      pendingSince: row?.pending_since ? isoOf(row.pending_since) : null,
    };
  });
}

export interface CoverageColumns {
  user_id: string;
  resource: string;
  provider: string;
  client_user_id: string | null;
  covered_until: string | Date | null;
  first_owed_day: string | null;
  pending_days: number | string | null;
  failed_days: number | string | null;
}

export const coverageOf = (row: CoverageColumns): UserCoverage => ({
  userId: row.user_id,
  clientUserId: row.client_user_id,
  resource: row.resource,
  provider: row.provider,
  coveredUntil: row.covered_until === null ? null : isoOf(row.covered_until),
  firstOwedDay: row.first_owed_day,
  pendingDays: Number(row.pending_days ?? 0),
  failedDays: Number(row.failed_days ?? 0),
});

/** A count as SQL gives it: PostgreSQL's count(*) is text, SQLite's a number. */
type Count = number | string;

/** What `status()` reports, from the counts both stores read alike. */
export function syncStatusOf(counts: {
  steps: Count | undefined;
  summaries: readonly { resource: string; n: Count }[];
  windows: readonly { status: string; n: Count }[];
  failedUsers: Count | undefined;
}): SyncStatus {
  const rows: Record<string, number> = Object.fromEntries(RESOURCES.map((resource) => [resource, 0]));
  rows.steps = Number(counts.steps ?? 0);
  for (const r of counts.summaries) rows[r.resource] = Number(r.n);
  const count = (status: string) => Number(counts.windows.find((w) => w.status === status)?.n ?? 0);
  return {
    rows,
    pending: count('pending'),
    failed: count('failed'),
    failedUsers: Number(counts.failedUsers ?? 0),
  };
}

export interface LabOrderColumns {
  order_id: string;
  user_id: string | null;
  status: string | null;
  updated_at: string | Date;
  data: string;
}

export function labOrderOf(row: LabOrderColumns): StoredLabOrder {
  const { data, damaged } = storedRecord(row.data);
  return {
    orderId: row.order_id,
    userId: row.user_id,
    status: row.status,
    updatedAt: storedTime(row.updated_at),
    data: data ?? {},
    ...(damaged === undefined ? {} : { damaged }),
  };
}

export interface LabOrderEventColumns {
  order_id: string;
  occurred_at: string | Date;
  status: string;
  event_type: string;
  data: string;
}

export const labOrderEventOf = (row: LabOrderEventColumns & { user_id: string | null }): LabOrderEvent => ({
  orderId: row.order_id,
  userId: row.user_id,
  status: row.status,
  occurredAt: storedTime(row.occurred_at),
  eventType: row.event_type,
  data: storedRecord(row.data).data ?? {},
});

export interface ParsingJobColumns {
  job_id: string;
  user_id: string | null;
  status: string;
  updated_at: string | Date;
  stored_at: string | Date;
  job: string;
}

export function parsingJobOf(row: ParsingJobColumns): StoredParsingJob {
  const { data, damaged } = storedRecord(row.job);
  return {
    jobId: row.job_id,
    userId: row.user_id,
    status: row.status,
    updatedAt: storedTime(row.updated_at),
    storedAt: storedTime(row.stored_at),
    job: data ?? {},
    ...(damaged === undefined ? {} : { damaged }),
  };
}
