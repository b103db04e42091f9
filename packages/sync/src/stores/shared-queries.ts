// SQL both stores run as it is (SQLite and PostgreSQL read it alike).
/** Per resource, the pending window whose days are earliest (the same SQL on both databases). */
export const OLDEST_PENDING = `SELECT resource, user_id, provider, start_date, end_date FROM (
  SELECT resource, user_id, provider, start_date, end_date,
    row_number() OVER (PARTITION BY resource ORDER BY start_date, user_id, provider, end_date) AS n
  FROM svc_windows WHERE status = 'pending') AS ranked WHERE n = 1`;
