// The embedded store: one SQLite file holding checkpoints and data (WAL mode, one writer at a time),
// through node:sqlite or better-sqlite3 (sqlite/sqlite-database.ts).
import { closeSync, openSync } from 'node:fs';
import { StoreUnavailableError } from '../errors/errors.js';
import { configureConnection } from './sqlite/connection-settings.js';
import { immediate, sqliteDriver } from './sqlite/driver.js';
import type { SqliteDriverName } from './sqlite/sqlite-database.js';
import { sqliteErasure } from './sqlite/sqlite-erasure.js';
import { fileWatch, translateSqlite } from './sqlite/sqlite-errors.js';
import { sqliteSchema } from './sqlite/sqlite-schema.js';
import { prepareStatements, type WindowRow } from './sqlite/sqlite-statements.js';
import { sqliteStepDays } from './sqlite/sqlite-step-days.js';
import {
  coveredUntil,
  laterOf,
  planDecision,
  recordText,
  type SyncStore,
  type SyncWindow,
  type WindowRows,
} from './store.js';
import type { MaintainedStore } from './store-maintenance.js';
import {
  type CoverageColumns,
  coverageOf,
  type FailureColumns,
  failedWindowOf,
  keyValues,
  type LabOrderColumns,
  type LabOrderEventColumns,
  labOrderEventOf,
  labOrderOf,
  type NewestSummary,
  type ParsingJobColumns,
  parsingJobOf,
  resourceStatuses,
  type SummaryColumns,
  summaryOf,
  syncStatusOf,
  type UserRow,
  userOf,
  type WindowTotals,
  windowOf,
} from './store-rows.js';
import { assertFingerprint } from './team-fingerprint.js';

export interface SqliteStoreOptions {
  /** How long a write waits for another process's transaction before failing with StoreLockedError (default 5000 ms). */
  busyTimeoutMs?: number;
  /** The SQLite driver (default: Node's built-in node:sqlite where there is one, else better-sqlite3). */
  driver?: SqliteDriverName;
}

/**
 * Creates a store file that is not there yet readable by its owner only: it holds users' health data,
 * and SQLite gives the journal files it makes beside it (`-wal`, `-shm`) the database file's mode. An
 * existing file keeps its mode; a file that cannot be made here is left for the driver to report.
 */
function createPrivately(path: string): void {
  if (path === ':memory:' || path.startsWith('file:')) return;
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch {
    // There already (EEXIST), or the driver's open says why not (a missing directory).
  }
}

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
    if (!readOnly) createPrivately(path);
    db = driver.open(path, readOnly);
    configureConnection(db, options.busyTimeoutMs ?? 5_000, readOnly);
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
    async (...args: A): Promise<Awaited<R>> => {
      try {
        inPlace();
        return await fn(...args);
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

  const stepDays = sqliteStepDays(db);
  const erasure = sqliteErasure(db, stepDays);
  const plan = (windows: readonly SyncWindow[], force: boolean) => {
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
  };

  const commit = (window: SyncWindow, rows: WindowRows, fetchedAt: string) => {
    const s = ready();
    if (erasure.refuse({ userId: window.userId })) return;
    stepDays.write(rows.steps, fetchedAt);
    for (const r of rows.summaries)
      s.upsertSummary.run(r.resource, r.userId, r.provider, r.calendarDate, recordText(r.data), fetchedAt);
    s.markDone.run(
      coveredUntil(window),
      new Date().toISOString(),
      ...keyValues(window),
      window.generation ?? 1,
    );
  };

  return {
    migrate: guard(() => schema.migrate()),
    schema: guard(() => schema.state()),
    bindTeam: guard((fingerprint) => {
      assertFingerprint(fingerprint);
      schema.bindTeam(fingerprint);
    }),
    rebindTeam: guard((fingerprint) => {
      assertFingerprint(fingerprint);
      return schema.rebindTeam(fingerprint);
    }),
    saveUser: guard((user) => {
      immediate(db, () => {
        if (erasure.refuse(user)) return;
        ready().saveUser.run(
          user.clientUserId,
          user.userId,
          JSON.stringify(user.providers),
          user.error,
          new Date().toISOString(),
        );
      });
    }),
    findUser: guard((clientUserId) => {
      const row = ready().findUser.get<UserRow>(clientUserId);
      return row ? userOf(row) : undefined;
    }),
    planWindows: guard((windows, options) => immediate(db, () => plan(windows, options?.force ?? false))),
    pendingWindows: guard((limit, after) =>
      ready()
        .pending.all<WindowRow>(...(after ? keyValues(after) : ['', '', '', '', '']), limit)
        .map(windowOf),
    ),
    commitWindow: guard((window, rows, fetchedAt) => {
      immediate(db, () => commit(window, rows, fetchedAt));
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
    clearFailedWindows: guard((windows) =>
      immediate(db, () => {
        const s = ready();
        const now = new Date().toISOString();
        return windows.filter((w) => s.clearFailedWindow.get(now, ...keyValues(w)) !== undefined).length;
      }),
    ),
    clearFailedUsers: guard((clientUserIds) =>
      immediate(db, () => {
        const s = ready();
        return clientUserIds.filter((id) => s.clearFailedUser.get(id) !== undefined).length;
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
    failedUsers: guard((limit, after) =>
      ready()
        .failedUsers.all<UserRow>(after ?? '', limit)
        .map(userOf),
    ),
    saveLabOrderEvent: guard((event) => {
      const at = new Date(event.occurredAt).toISOString();
      const data = JSON.stringify(event.data);
      immediate(db, () => {
        const s = ready();
        s.saveLabOrderEvent.run(event.orderId, event.userId, at, event.status, event.eventType, data);
        s.saveLabOrder.run(event.orderId, event.userId, event.status, at, data);
        s.labEventsUser.run(event.orderId, event.orderId);
      });
    }),
    readLabOrders: guard((limit, after) =>
      ready()
        .readLabOrders.all<LabOrderColumns>(after ?? '', limit)
        .map(labOrderOf),
    ),
    readLabOrderEvents: guard((orderId, limit) =>
      ready()
        .readLabOrderEvents.all<LabOrderEventColumns & { user_id: string | null }>(orderId, limit)
        .map(labOrderEventOf),
    ),
    saveParsingJob: guard((job) => {
      ready().saveParsingJob.run(
        job.jobId,
        job.userId,
        job.status,
        new Date(job.updatedAt).toISOString(),
        new Date(job.storedAt).toISOString(),
        JSON.stringify(job.job),
      );
    }),
    readParsingJobs: guard((limit, after) =>
      ready()
        .readParsingJobs.all<ParsingJobColumns>(after ?? '', limit)
        .map(parsingJobOf),
    ),
    readUsers: guard((limit, after) =>
      ready()
        .readUsers.all<UserRow>(after ?? '', limit)
        .map(userOf),
    ),
    writeMeta(key: string, value: string | null) {
      return guard(() => {
        if (value === null) db.prepare('DELETE FROM svc_meta WHERE key = ?').run(key);
        else
          db.prepare(
            'INSERT INTO svc_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          ).run(key, value);
      })();
    },
    readRows<R>(sql: string, params: readonly (string | number)[] = []) {
      return guard(() => db.prepare(sql).all<R>(...params))();
    },
    // data_version moves when another connection commits, total_changes() when this one writes.
    changeMark: guard(() => {
      const [row] = db
        .prepare('SELECT data_version AS version, total_changes() AS changes FROM pragma_data_version')
        .all<{ version: number; changes: number }>();
      return `${row?.version}:${row?.changes}`;
    }),
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
    eraseUser: guard((ids) => erasure.eraseUser(ids)),
    forgetProvider: guard((userId, provider) => erasure.forgetProvider(userId, provider)),
    retain: guard((resource, cutoff) => erasure.retain(resource, cutoff)),
    allowUser: guard((clientUserId) => erasure.allowUser(clientUserId)),
    refuseErased: guard((ids) => erasure.refuseNow(ids)),
    scrub: guard((tables) => erasure.scrub(tables)),
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
