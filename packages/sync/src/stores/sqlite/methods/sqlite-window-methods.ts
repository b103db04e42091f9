// The SQLite store's sync windows: planning, the pending ones, a window's commit or failure, and
// clearing failed ones.
import {
  coveredUntil,
  laterOf,
  planDecision,
  recordText,
  type SyncWindow,
  type WindowCommit,
} from '../../store.js';
import { type FailureColumns, failedWindowOf, keyValues, windowOf } from '../../store-rows.js';
import { immediate } from '../driver.js';
import type { WindowRow } from '../sqlite-statements.js';
import type { SqliteStoreParts, StoreMethods } from './sqlite-store-parts.js';

function plan({ ready, erasure }: SqliteStoreParts, windows: readonly SyncWindow[], force: boolean) {
  const s = ready();
  const owed: SyncWindow[] = [];
  const now = new Date().toISOString();
  // An erased user's windows are not planned (each user's refusal counted once per call).
  const refused = new Map<string, boolean>();
  const erased = (userId: string) => {
    if (!refused.has(userId)) refused.set(userId, erasure.refuse({ userId }) !== undefined);
    return refused.get(userId) as boolean;
  };
  for (const window of windows) {
    if (erased(window.userId)) continue;
    const row = s.findWindow.get<WindowRow>(...keyValues(window));
    const existing = row && { status: row.status, asOf: row.as_of, coveredUntil: row.covered_until };
    const decision = planDecision(existing, window, force);
    if (decision === 'skip') continue;
    if (decision === 'insert') {
      s.insertWindow.run(...keyValues(window), window.asOf, now);
      owed.push({ ...window, generation: 1 });
    } else {
      const asOf = laterOf(row?.as_of ?? window.asOf, window.asOf);
      const updated =
        decision === 'keep'
          ? s.keepWindow.get<{ generation: number }>(asOf, ...keyValues(window))
          : s.replanWindow.get<{ generation: number }>(asOf, now, ...keyValues(window));
      owed.push({ ...window, asOf, generation: updated?.generation ?? 1 });
    }
  }
  return owed;
}

/** Inside the caller's write transaction: each window's rows and checkpoint, in order. */
function commit({ ready, erasure, stepDays }: SqliteStoreParts, commits: readonly WindowCommit[]) {
  const s = ready();
  // One instant for the batch: its windows are marked done by the same transaction.
  const now = new Date().toISOString();
  for (const { window, rows, fetchedAt } of commits) {
    if (erasure.refuse({ userId: window.userId })) continue;
    stepDays.write(rows.steps, fetchedAt);
    for (const r of rows.summaries)
      s.upsertSummary.run(r.resource, r.userId, r.provider, r.calendarDate, recordText(r.data), fetchedAt);
    s.markDone.run(coveredUntil(window), now, ...keyValues(window), window.generation ?? 1);
  }
}

export function sqliteWindowMethods(
  parts: SqliteStoreParts,
): StoreMethods<
  | 'planWindows'
  | 'pendingWindows'
  | 'commitWindow'
  | 'commitWindows'
  | 'failWindow'
  | 'failedWindows'
  | 'clearFailedWindows'
> {
  const { db, guard, ready, erasure } = parts;
  return {
    planWindows: guard((windows, options) =>
      immediate(db, () => plan(parts, windows, options?.force ?? false)),
    ),
    pendingWindows: guard((limit, after) =>
      ready()
        .pending.all<WindowRow>(...(after ? keyValues(after) : ['', '', '', '', '']), limit)
        .map(windowOf),
    ),
    commitWindow: guard((window, rows, fetchedAt) => {
      immediate(db, () => commit(parts, [{ window, rows, fetchedAt }]));
    }),
    commitWindows: guard((commits) => {
      if (commits.length > 0) immediate(db, () => commit(parts, commits));
    }),
    failWindow: guard((window, failure) => {
      immediate(db, () => {
        if (erasure.refuse({ userId: window.userId })) return;
        ready().markFailed.run(
          failure.error,
          failure.status,
          failure.message,
          new Date().toISOString(),
          ...keyValues(window),
        );
      });
    }),
    clearFailedWindows: guard((windows) =>
      immediate(db, () => {
        const s = ready();
        const now = new Date().toISOString();
        return windows.filter((w) => s.clearFailedWindow.get(now, ...keyValues(w)) !== undefined).length;
      }),
    ),
    failedWindows: guard((limit, after) =>
      ready()
        .failedWindows.all<WindowRow & FailureColumns>(
          ...(after ? keyValues(after) : ['', '', '', '', '']),
          limit,
        )
        .map(failedWindowOf),
    ),
  };
}
