// The PostgreSQL store's reads of synced data: the status counts, each resource's status, users'
// coverage, steps and summaries a page at a time.
import { OLDEST_PENDING, userCoverageQuery } from '../../shared-queries.js';
import {
  type CoverageColumns,
  coverageOf,
  isoOf,
  type NewestSummary,
  resourceStatuses,
  summaryOf,
  syncStatusOf,
  type WindowKeyColumns,
  type WindowTotals,
} from '../../store-rows.js';
import { readStepPage } from '../postgres-step-days.js';
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresReadMethods({
  query,
  rowsOf,
}: PostgresStoreParts): StoreMethods<
  'status' | 'resourceStatus' | 'userCoverage' | 'readSteps' | 'readSummaries'
> {
  return {
    readSteps: (limit, after, since) => readStepPage(query, limit, after, since),
    async readSummaries(limit, after, since) {
      return rowsOf(
        `SELECT resource, user_id, provider, calendar_date, data FROM svc_summaries
         WHERE (resource, user_id, provider, calendar_date) > ($1, $2, $3, $4) AND fetched_at > $6
         ORDER BY resource, user_id, provider, calendar_date LIMIT $5`,
        [
          ...(after ? [after.resource, after.userId, after.provider, after.calendarDate] : ['', '', '', '']),
          limit,
          since ?? '-infinity',
        ],
        summaryOf,
      );
    },
    async resourceStatus() {
      const steps = (await query<{ newest: Date | null }>('SELECT max(last_end) AS newest FROM svc_steps'))
        .rows[0];
      const summaries = await query<NewestSummary>(
        'SELECT resource, max(calendar_date) AS newest FROM svc_summaries GROUP BY resource',
      );
      const totals = await query<WindowTotals>(
        `SELECT resource, max(as_of) AS as_of, count(*) FILTER (WHERE status = 'pending') AS pending,
         count(*) FILTER (WHERE status = 'failed') AS failed,
         min(updated_at) FILTER (WHERE status = 'pending') AS pending_since FROM svc_windows GROUP BY resource`,
      );
      const oldest = await query<WindowKeyColumns & { client_user_id: string | null }>(OLDEST_PENDING);
      const newestStep = steps?.newest ? isoOf(steps.newest) : null;
      return resourceStatuses(newestStep, summaries.rows, totals.rows, oldest.rows);
    },
    userCoverage: (limit, after) =>
      rowsOf(
        userCoverageQuery('(w.end_date::date - w.start_date::date + 1)', '($1, $2, $3)', '$4'),
        [...(after ? [after.userId, after.resource, after.provider] : ['', '', '']), limit],
        (row: CoverageColumns) => coverageOf(row),
      ),
    async status() {
      const count = async (sql: string) => (await query<{ n: string }>(sql)).rows[0]?.n;
      return syncStatusOf({
        // Each day row counts its points: a status counts points, as when each was a row.
        steps: await count('SELECT coalesce(sum(n), 0) AS n FROM svc_steps'),
        summaries: (
          await query<{ resource: string; n: string }>(
            'SELECT resource, count(*) AS n FROM svc_summaries GROUP BY resource',
          )
        ).rows,
        windows: (
          await query<{ status: string; n: string }>(
            'SELECT status, count(*) AS n FROM svc_windows GROUP BY status',
          )
        ).rows,
        failedUsers: await count('SELECT count(*) AS n FROM svc_users WHERE error IS NOT NULL'),
      });
    },
  };
}
