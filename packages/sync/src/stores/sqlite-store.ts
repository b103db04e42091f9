import Database from 'better-sqlite3';
import { StoreLockedError, StoreUnavailableError } from '../errors.js';
import { RESOURCES } from '../resources.js';
import {
  coveredUntil,
  laterOf,
  planDecision,
  type StoredUser,
  type SyncStatus,
  type SyncStore,
  type SyncWindow,
  type WindowFailure,
  type WindowKey,
  type WindowRows,
} from '../store.js';
import { SCHEMA } from './schema.js';

export interface SqliteStoreOptions {
  /** How long a write waits for another process's transaction before failing with StoreLockedError (default 5000 ms). */
  busyTimeoutMs?: number;
}

interface WindowRow {
  user_id: string;
  resource: string;
  provider: string;
  start_date: string;
  end_date: string;
  as_of: string;
  status: string;
  covered_until: string | null;
  generation: number;
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

/** Turns SQLite's busy and open errors into the sync's typed ones (the path is the user's own, so it is named). */
function translate(error: unknown, path: string): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new StoreLockedError(
      `${path} is locked by another process (another svc-sync run?); try again when it ends`,
    );
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_NOTADB' || code === 'SQLITE_READONLY')
    return new StoreUnavailableError(`cannot use ${path} as a SQLite store: ${(error as Error).message}`);
  return error;
}

/** The embedded store: one SQLite file holding checkpoints and data (WAL mode, one writer at a time). */
export function createSqliteStore(path: string, options: SqliteStoreOptions = {}): SyncStore {
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: options.busyTimeoutMs ?? 5_000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  } catch (error) {
    const translated = translate(error, path);
    throw translated === error
      ? new StoreUnavailableError(`cannot open ${path} as a SQLite store: ${(error as Error).message}`)
      : translated;
  }
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      try {
        return fn(...args);
      } catch (error) {
        throw translate(error, path);
      }
    };
  let statements: ReturnType<typeof prepare> | undefined;
  function prepare() {
    return {
      findUser: db.prepare<
        [string],
        { client_user_id: string; user_id: string | null; providers: string; error: string | null }
      >('SELECT client_user_id, user_id, providers, error FROM svc_users WHERE client_user_id = ?'),
      saveUser: db.prepare(
        `INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (client_user_id) DO UPDATE SET user_id = excluded.user_id, providers = excluded.providers,
         error = excluded.error, updated_at = excluded.updated_at`,
      ),
      findWindow: db.prepare<unknown[], WindowRow>(
        `SELECT * FROM svc_windows WHERE user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ?`,
      ),
      insertWindow: db.prepare(
        `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, ?)`,
      ),
      replanWindow: db.prepare(
        `UPDATE svc_windows SET status = 'pending', as_of = ?, generation = generation + 1, error = NULL,
         error_status = NULL, error_message = NULL, updated_at = ?
         WHERE user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ? RETURNING generation`,
      ),
      keepWindow: db.prepare(
        `UPDATE svc_windows SET as_of = ?, updated_at = ?
         WHERE user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ? RETURNING generation`,
      ),
      pending: db.prepare<unknown[], WindowRow>(
        `SELECT * FROM svc_windows WHERE status = 'pending' AND (user_id, resource, provider, start_date, end_date) > (?, ?, ?, ?, ?)
         ORDER BY user_id, resource, provider, start_date, end_date LIMIT ?`,
      ),
      upsertStep: db.prepare(
        `INSERT INTO svc_steps (user_id, provider, start, "end", unit, value, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, provider, start) DO UPDATE SET "end" = excluded."end", unit = excluded.unit,
         value = excluded.value, fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_steps.fetched_at`,
      ),
      upsertSummary: db.prepare(
        `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
         fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at`,
      ),
      markDone: db.prepare(
        `UPDATE svc_windows SET status = 'done', covered_until = ?, updated_at = ?
         WHERE user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ? AND generation = ?`,
      ),
      markFailed: db.prepare(
        `UPDATE svc_windows SET status = 'failed', error = ?, error_status = ?, error_message = ?, updated_at = ?
         WHERE user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ?`,
      ),
    };
  }
  const ready = () => {
    statements ??= prepare();
    return statements;
  };

  const plan = db.transaction((windows: readonly SyncWindow[], force: boolean) => {
    const s = ready();
    const owed: SyncWindow[] = [];
    const now = new Date().toISOString();
    for (const window of windows) {
      const row = s.findWindow.get(...keyOf(window));
      const existing = row && { status: row.status, asOf: row.as_of, coveredUntil: row.covered_until };
      const decision = planDecision(existing, window, force);
      if (decision === 'skip') continue;
      if (decision === 'insert') {
        s.insertWindow.run(...keyOf(window), window.asOf, now);
        owed.push({ ...window, generation: 1 });
      } else {
        const asOf = laterOf(row?.as_of ?? window.asOf, window.asOf);
        const statement = decision === 'keep' ? s.keepWindow : s.replanWindow;
        const { generation } = statement.get(asOf, now, ...keyOf(window)) as { generation: number };
        owed.push({ ...window, asOf, generation });
      }
    }
    return owed;
  });

  const commit = db.transaction((window: SyncWindow, rows: WindowRows, fetchedAt: string) => {
    const s = ready();
    for (const r of rows.steps)
      s.upsertStep.run(r.userId, r.provider, r.start, r.end, r.unit, r.value, fetchedAt);
    for (const r of rows.summaries)
      s.upsertSummary.run(
        r.resource,
        r.userId,
        r.provider,
        r.calendarDate,
        JSON.stringify(r.data),
        fetchedAt,
      );
    s.markDone.run(coveredUntil(window), new Date().toISOString(), ...keyOf(window), window.generation ?? 1);
  });

  return {
    migrate: guard(() => {
      db.exec(SCHEMA.sqlite);
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
      const row = ready().findUser.get(clientUserId);
      return row
        ? {
            clientUserId,
            userId: row.user_id,
            providers: JSON.parse(row.providers) as string[],
            error: row.error,
          }
        : undefined;
    }),
    planWindows: guard((windows: readonly SyncWindow[], options?: { force?: boolean }) =>
      plan.immediate(windows, options?.force ?? false),
    ),
    pendingWindows: guard((limit: number, after?: WindowKey) =>
      ready()
        .pending.all(...(after ? keyOf(after) : ['', '', '', '', '']), limit)
        .map(toWindow),
    ),
    commitWindow: guard((window: SyncWindow, rows: WindowRows, fetchedAt: string) => {
      commit.immediate(window, rows, fetchedAt);
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
      const rows: Record<string, number> = Object.fromEntries(RESOURCES.map((resource) => [resource, 0]));
      rows.steps = (db.prepare('SELECT count(*) AS n FROM svc_steps').get() as { n: number }).n;
      for (const r of db
        .prepare('SELECT resource, count(*) AS n FROM svc_summaries GROUP BY resource')
        .all() as {
        resource: string;
        n: number;
      }[])
        rows[r.resource] = r.n;
      const count = (status: string) =>
        (db.prepare('SELECT count(*) AS n FROM svc_windows WHERE status = ?').get(status) as { n: number }).n;
      const failedUsers = (
        db.prepare('SELECT count(*) AS n FROM svc_users WHERE error IS NOT NULL').get() as { n: number }
      ).n;
      return { rows, pending: count('pending'), failed: count('failed'), failedUsers };
    }),
    close: guard(() => {
      db.close();
    }),
  };
}
