// The console's SQL, written once for SQLite and PostgreSQL (`?` placeholders; the PostgreSQL store
// numbers them). Fixed text only: a request supplies parameters, never SQL.

/** Which windows a coverage pass counts: all of them, the owed ones, or the failed ones. */
export const COVERAGE_CLASSES = {
  // No filter: the status index would be read for every row, then sorted.
  any: '',
  owed: "('pending', 'failed')",
  failed: "('failed')",
} as const;

/**
 * Per resource, where the spans of days covered by windows of one class begin, with a user's overlapping
 * windows (two providers, or runs with other `--to` days) merged first, so a user counts once per day.
 * Gaps and islands in one ordered pass (the v5 index `svc_windows_coverage` gives the order, so the
 * merge sorts nothing; only the span starts are grouped): a window opens a span when it starts after
 * every earlier window of its user has ended; `reach` is the last day of the span before it (null for a
 * user's first). Each row: `users` users open a span on `first_day` whose previous span ended on `reach`.
 */
export const coverageStarts = (statuses: string) => `
SELECT resource, first_day, reach, CAST(COUNT(*) AS INTEGER) AS users FROM (
  SELECT resource, start_date AS first_day,
    MAX(end_date) OVER (PARTITION BY resource, user_id ORDER BY start_date, end_date
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
  FROM svc_windows${statuses && ` WHERE status IN ${statuses}`}
) AS reached WHERE reach IS NULL OR reach < first_day GROUP BY resource, first_day, reach`;

/** Per resource, the last day of each user's last span of one class (windows of that class), as `users` per day. */
export const coverageEnds = (statuses: string) => `
SELECT resource, last_day, CAST(COUNT(*) AS INTEGER) AS users FROM (
  SELECT resource, MAX(end_date) AS last_day FROM svc_windows${statuses && ` WHERE status IN ${statuses}`}
  GROUP BY resource, user_id
) AS reached GROUP BY resource, last_day`;

/** The coverage epoch (schema version 7): it moves when a window or a known user is added or removed, not on a status change. */
export const COVERAGE_EPOCH = 'SELECT epoch FROM svc_coverage_epoch';

/** Every user the store knows by a service user id: those resolved and those only its windows name. */
export const KNOWN_USERS = `SELECT CAST(COUNT(*) AS INTEGER) AS users FROM (
  SELECT user_id FROM svc_users WHERE user_id IS NOT NULL UNION SELECT user_id FROM svc_windows) AS known`;

/** A window's columns as a drill-down lists them, with its user's client user id. */
const CELL_COLUMNS = `u.client_user_id, w.provider, w.start_date, w.end_date, w.status, w.error, w.error_status`;
const covers = (alias: string) => `${alias}.start_date <= ? AND ${alias}.end_date >= ?`;
const worse = (statuses: string) => `NOT EXISTS (SELECT 1 FROM svc_windows o WHERE o.user_id = w.user_id
  AND o.resource = w.resource AND o.status IN ${statuses} AND ${covers('o')})`;

/**
 * The windows behind one cell (resource, day, state), by client user id after `after`, at most `limit`:
 * a user-day is failed if a failed window covers it, else pending if a pending one does, else complete.
 * Parameters: resource, day, day, [day, day,] after, limit.
 */
export const CELL_WINDOWS = {
  failed: `SELECT ${CELL_COLUMNS} FROM svc_users u JOIN svc_windows w ON w.user_id = u.user_id
    WHERE w.resource = ? AND w.status = 'failed' AND ${covers('w')} AND u.client_user_id > ?
    ORDER BY u.client_user_id, w.provider, w.start_date LIMIT ?`,
  pending: `SELECT ${CELL_COLUMNS} FROM svc_users u JOIN svc_windows w ON w.user_id = u.user_id
    WHERE w.resource = ? AND w.status = 'pending' AND ${covers('w')} AND ${worse("('failed')")}
    AND u.client_user_id > ? ORDER BY u.client_user_id, w.provider, w.start_date LIMIT ?`,
  complete: `SELECT ${CELL_COLUMNS} FROM svc_users u JOIN svc_windows w ON w.user_id = u.user_id
    WHERE w.resource = ? AND w.status = 'done' AND ${covers('w')} AND ${worse("('pending', 'failed')")}
    AND u.client_user_id > ? ORDER BY u.client_user_id, w.provider, w.start_date LIMIT ?`,
} as const;

/** Resolved users no window of the resource covers on the day: parameters resource, day, day, after, limit. */
export const CELL_NOTHING_SENT = `SELECT u.client_user_id FROM svc_users u WHERE u.user_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM svc_windows w WHERE w.user_id = u.user_id AND w.resource = ? AND ${covers('w')})
  AND u.client_user_id > ? ORDER BY u.client_user_id LIMIT ?`;
