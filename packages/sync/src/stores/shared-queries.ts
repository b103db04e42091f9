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
 * the first day it owes, and the days of its pending and failed windows. `days` is the dialect's count
 * of a window's days; `after` its three placeholders, `limit` the limit's. Each row's client user id is
 * found by the v5 index svc_users_user_id (a lookup per row of the page, not a read of every user per page).
 */
export const userCoverageQuery = (days: string, after: string, limit: string) =>
  `SELECT g.*, (SELECT min(u.client_user_id) FROM svc_users u WHERE u.user_id = g.user_id) AS client_user_id FROM (
    SELECT w.user_id, w.resource, w.provider,
      max(CASE WHEN w.status = 'done' THEN w.covered_until END) AS covered_until,
      min(CASE WHEN w.status <> 'done' THEN w.start_date END) AS first_owed_day,
      sum(CASE WHEN w.status = 'pending' THEN ${days} ELSE 0 END) AS pending_days,
      sum(CASE WHEN w.status = 'failed' THEN ${days} ELSE 0 END) AS failed_days
    FROM svc_windows w WHERE (w.user_id, w.resource, w.provider) > ${after}
    GROUP BY w.user_id, w.resource, w.provider ORDER BY w.user_id, w.resource, w.provider LIMIT ${limit}
  ) AS g ORDER BY g.user_id, g.resource, g.provider`;

/**
 * Gives an order's stored events the order's user once the store knows it (an event may not name the
 * user; a later one does), so erasing the user finds every event (`?` placeholders: order id twice).
 */
export const LAB_EVENTS_USER = `UPDATE svc_lab_order_events
  SET user_id = (SELECT user_id FROM svc_lab_orders WHERE order_id = ?)
  WHERE order_id = ? AND user_id IS NULL`;
