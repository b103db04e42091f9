// The SQLite store's reads of synced data: the status counts, each resource's status, users' coverage,
// steps and summaries a page at a time.
import {
  type CoverageColumns,
  coverageOf,
  type NewestSummary,
  resourceStatuses,
  type SummaryColumns,
  summaryOf,
  syncStatusOf,
  type WindowTotals,
} from '../../store-rows.js';
import type { WindowRow } from '../sqlite-statements.js';
import type { SqliteStoreParts, StoreMethods } from './sqlite-store-parts.js';

export function sqliteReadMethods({
  guard,
  ready,
  stepDays,
}: SqliteStoreParts): StoreMethods<
  'status' | 'resourceStatus' | 'userCoverage' | 'readSteps' | 'readSummaries'
> {
  return {
    status: guard(() => {
      const s = ready();
      return syncStatusOf({
        steps: s.countSteps.get<{ n: number }>()?.n,
        summaries: s.countSummaries.all<{ resource: string; n: number }>(),
        windows: s.countWindows.all<{ status: string; n: number }>(),
        failedUsers: s.countFailedUsers.get<{ n: number }>()?.n,
      });
    }),
    resourceStatus: guard(() => {
      const s = ready();
      const newestStep = s.newestSteps.get<{ newest: string | null }>()?.newest ?? null;
      const summaries = s.newestSummaries.all<NewestSummary>();
      const windows = s.windowsByResource.all<WindowTotals>();
      return resourceStatuses(
        newestStep,
        summaries,
        windows,
        s.oldestPending.all<WindowRow & { client_user_id: string | null }>(),
      );
    }),
    userCoverage: guard((limit, after) =>
      ready()
        .userCoverage.all<CoverageColumns>(
          ...(after ? [after.userId, after.resource, after.provider] : ['', '', '']),
          limit,
        )
        .map(coverageOf),
    ),
    readSteps: guard((limit, after, since) => stepDays.readPage(limit, after, since)),
    readSummaries: guard((limit, after, since) =>
      ready()
        .readSummaries.all<SummaryColumns>(
          ...(after ? [after.resource, after.userId, after.provider, after.calendarDate] : ['', '', '', '']),
          since === undefined ? '' : new Date(since).toISOString(),
          limit,
        )
        .map(summaryOf),
    ),
  };
}
