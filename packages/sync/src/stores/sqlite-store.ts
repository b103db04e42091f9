// The embedded store: one SQLite file holding checkpoints and data (WAL mode, one writer at a time),
// through node:sqlite or better-sqlite3 (sqlite/sqlite-database.ts).
import { StoreUnavailableError } from '../errors.js';
import { RESOURCES } from '../resources.js';
import {
  coveredUntil,
  laterOf,
  planDecision,
  type ResourceStatus,
  recordText,
  type StepKey,
  type StoredUser,
  type SummaryKey,
  type SyncStatus,
  type SyncStore,
  type SyncWindow,
  type WindowFailure,
  type WindowKey,
  type WindowRows,
} from '../store.js';
import { assertFingerprint } from '../team-fingerprint.js';
import { immediate, sqliteDriver } from './sqlite/driver.js';
import type { SqliteDriverName } from './sqlite/sqlite-database.js';
import { fileWatch, translateSqlite } from './sqlite/sqlite-errors.js';
import { sqliteSchema } from './sqlite/sqlite-schema.js';
import { prepareStatements, type WindowRow } from './sqlite/sqlite-statements.js';
import type { MaintainedStore } from './store-maintenance.js';
import {
  endOfDay,
  type FailureColumns,
  failedWindowOf,
  resourceStatuses,
  type StepColumns,
  type SummaryColumns,
  stepOf,
  summaryOf,
  type UserRow,
  userOf,
  type WindowTotals,
} from './store-rows.js';

export interface SqliteStoreOptions {
  /** How long a write waits for another process's transaction before failing with StoreLockedError (default 5000 ms). */
  busyTimeoutMs?: number;
  /** The SQLite driver (default: Node's built-in node:sqlite where there is one, else better-sqlite3). */
  driver?: SqliteDriverName;
}

const toWindow = (row: WindowRow): SyncWindow => ({
  userId: row.user_id,
  resource: row.resource as SyncWindow['resource'],
  provider: row.provider,
  start: row.start_date,
  end: row.end_date,
  asOf: row.as_of,
  generation: row.generation,
});

const keyOf = (w: WindowKey) => [w.userId, w.resource, w.provider, w.start, w.end];

/** The SQLite store; `readOnly` opens an existing file only to read its schema (`svc-sync migrate --check`). */
export function openSqliteStore(
  path: string,
  options: SqliteStoreOptions = {},
  readOnly = false,
): MaintainedStore {
  const driver = sqliteDriver(options.driver);
  let db: ReturnType<typeof driver.open> | undefined;
  let inPlace: () => void;
  try {
    db = driver.open(path, readOnly);
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5_000))}`);
    if (!readOnly) db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    inPlace = fileWatch(path);
  } catch (error) {
    try {
      db?.close();
    } catch {
      // The open failure below is the one to tell.
    }
    const translated = translateSqlite(error, path);
    if (translated !== error) throw translated;
    throw new StoreUnavailableError(`cannot open ${path} as a SQLite store: ${(error as Error).message}`);
  }
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      try {
        inPlace();
        return fn(...args);
      } catch (error) {
        throw translateSqlite(error, path);
      }
    };
  const schema = sqliteSchema(db, path);
  let closed = false;
  let statements: ReturnType<typeof prepareStatements> | undefined;
  const ready = () => {
    statements ??= prepareStatements(db);
    return statements;
  };

  const plan = (windows: readonly SyncWindow[], force: boolean) => {
    const s = ready();
    const owed: SyncWindow[] = [];
    const now = new Date().toISOString();
    for (const window of windows) {
      const row = s.findWindow.get<WindowRow>(...keyOf(window));
      const existing = row && { status: row.status, asOf: row.as_of, coveredUntil: row.covered_until };
      const decision = planDecision(existing, window, force);
      if (decision === 'skip') continue;
      if (decision === 'insert') {
        s.insertWindow.run(...keyOf(window), window.asOf, now);
        owed.push({ ...window, generation: 1 });
      } else {
        const asOf = laterOf(row?.as_of ?? window.asOf, window.asOf);
        const statement = decision === 'keep' ? s.keepWindow : s.replanWindow;
        const updated = statement.get<{ generation: number }>(asOf, now, ...keyOf(window));
        owed.push({ ...window, asOf, generation: updated?.generation ?? 1 });
      }
    }
    return owed;
  };

  const commit = (window: SyncWindow, rows: WindowRows, fetchedAt: string) => {
    const s = ready();
    for (const r of rows.steps)
      s.upsertStep.run(r.userId, r.provider, r.start, r.end, r.unit, r.value, recordText(r.data), fetchedAt);
    for (const r of rows.summaries)
      s.upsertSummary.run(r.resource, r.userId, r.provider, r.calendarDate, recordText(r.data), fetchedAt);
    s.markDone.run(coveredUntil(window), new Date().toISOString(), ...keyOf(window), window.generation ?? 1);
  };

  return {
    migrate: guard(() => schema.migrate()),
    schema: guard(() => schema.state()),
    bindTeam: guard((fingerprint: string) => {
      assertFingerprint(fingerprint);
      schema.bindTeam(fingerprint);
    }),
    rebindTeam: guard((fingerprint: string) => {
      assertFingerprint(fingerprint);
      return schema.rebindTeam(fingerprint);
    }),
    saveUser: guard((user: StoredUser) => {
      ready().saveUser.run(
        user.clientUserId,
        user.userId,
        JSON.stringify(user.providers),
        user.error,
        new Date().toISOString(),
      );
    }),
    findUser: guard((clientUserId: string) => {
      const row = ready().findUser.get<UserRow>(clientUserId);
      return row ? userOf(row) : undefined;
    }),
    planWindows: guard((windows: readonly SyncWindow[], options?: { force?: boolean }) =>
      immediate(db, () => plan(windows, options?.force ?? false)),
    ),
    pendingWindows: guard((limit: number, after?: WindowKey) =>
      ready()
        .pending.all<WindowRow>(...(after ? keyOf(after) : ['', '', '', '', '']), limit)
        .map(toWindow),
    ),
    commitWindow: guard((window: SyncWindow, rows: WindowRows, fetchedAt: string) => {
      immediate(db, () => commit(window, rows, fetchedAt));
    }),
    failWindow: guard((window: WindowKey, failure: WindowFailure) => {
      ready().markFailed.run(
        failure.error,
        failure.status,
        failure.message,
        new Date().toISOString(),
        ...keyOf(window),
      );
    }),
    status: guard((): SyncStatus => {
      const s = ready();
      const rows: Record<string, number> = Object.fromEntries(RESOURCES.map((resource) => [resource, 0]));
      rows.steps = s.countSteps.get<{ n: number }>()?.n ?? 0;
      for (const r of s.countSummaries.all<{ resource: string; n: number }>()) rows[r.resource] = r.n;
      const windows = s.countWindows.all<{ status: string; n: number }>();
      const count = (status: string) => windows.find((w) => w.status === status)?.n ?? 0;
      const failedUsers = s.countFailedUsers.get<{ n: number }>()?.n ?? 0;
      return { rows, pending: count('pending'), failed: count('failed'), failedUsers };
    }),
    resourceStatus: guard((): ResourceStatus[] => {
      const s = ready();
      const newest = new Map<string, string | null>();
      newest.set('steps', s.newestSteps.get<{ newest: string | null }>()?.newest ?? null);
      for (const r of s.newestSummaries.all<{ resource: string; newest: string }>())
        newest.set(r.resource, endOfDay(r.newest));
      const windows = s.windowsByResource.all<WindowTotals>();
      return resourceStatuses(newest, windows, s.oldestPending.all<WindowRow>());
    }),
    failedWindows: guard((limit: number, after?: WindowKey) =>
      ready()
        .failedWindows.all<WindowRow & FailureColumns>(
          ...(after ? keyOf(after) : ['', '', '', '', '']),
          limit,
        )
        .map((row) => failedWindowOf(toWindow(row), row)),
    ),
    failedUsers: guard((limit: number, after?: string) =>
      ready()
        .failedUsers.all<UserRow>(after ?? '', limit)
        .map(userOf),
    ),
    readSteps: guard((limit: number, after?: StepKey) =>
      ready()
        .readSteps.all<StepColumns>(
          ...(after ? [after.userId, after.provider, after.start] : ['', '', '']),
          limit,
        )
        .map(stepOf),
    ),
    readSummaries: guard((limit: number, after?: SummaryKey) =>
      ready()
        .readSummaries.all<SummaryColumns>(
          ...(after ? [after.resource, after.userId, after.provider, after.calendarDate] : ['', '', '', '']),
          limit,
        )
        .map(summaryOf),
    ),
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

/** The embedded store: one SQLite file holding checkpoints and data. `openStore('sqlite:…')` also migrates it. */
export function createSqliteStore(path: string, options: SqliteStoreOptions = {}): SyncStore {
  return openSqliteStore(path, options);
}
