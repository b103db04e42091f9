// SQL both stores run as it is (SQLite and PostgreSQL read it alike).

/** A window row's user's client user id, as a column of a read of svc_windows (null: known by user id only). */
export const CLIENT_ID = `(SELECT min(u.client_user_id) FROM svc_users u WHERE u.user_id = svc_windows.user_id) AS client_user_id`;
/**
 * Per resource, the pending window whose days are earliest, with its user's client user id (the same SQL
 * on both databases).
 */
export const OLDEST_PENDING = `SELECT resource, user_id, provider, start_date, end_date,
  (SELECT min(u.client_user_id) FROM svc_users u WHERE u.user_id = ranked.user_id) AS client_user_id FROM (
  SELECT resource, user_id, provider, start_date, end_date,
    row_number() OVER (PARTITION BY resource ORDER BY start_date, user_id, provider, end_date) AS n
  FROM svc_windows WHERE status = 'pending') AS ranked WHERE n = 1`;

/**
 * Each user's resource per provider after a key, in key order: the newest coverage of its done windows,
 * the first day it owes, and the days of its pending and failed windows. `DAYS` is the dialect's count
 * of a window's days; `KEY` its three placeholders then the limit's.
 */
export const userCoverageQuery = (days: string, after: string, limit: string) =>
  `SELECT w.user_id, w.resource, w.provider,
    (SELECT min(u.client_user_id) FROM svc_users u WHERE u.user_id = w.user_id) AS client_user_id,
    max(CASE WHEN w.status = 'done' THEN w.covered_until END) AS covered_until,
    min(CASE WHEN w.status <> 'done' THEN w.start_date END) AS first_owed_day,
    sum(CASE WHEN w.status = 'pending' THEN ${days} ELSE 0 END) AS pending_days,
    sum(CASE WHEN w.status = 'failed' THEN ${days} ELSE 0 END) AS failed_days
  FROM svc_windows w WHERE (w.user_id, w.resource, w.provider) > ${after}
  GROUP BY w.user_id, w.resource, w.provider ORDER BY w.user_id, w.resource, w.provider LIMIT ${limit}`;
