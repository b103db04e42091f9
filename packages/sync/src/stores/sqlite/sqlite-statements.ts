// The SQLite store's prepared statements, prepared once on first use (after the tables exist).
import { CLIENT_ID, LAB_EVENTS_USER, OLDEST_PENDING, userCoverageQuery } from '../shared-queries.js';
import type { SqliteDatabase } from './sqlite-database.js';

export interface WindowRow {
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

const KEY = 'user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ?';

/** A window's planning, commit, failure and clearing. */
const windowStatements = (db: SqliteDatabase) => ({
  findWindow: db.prepare(`SELECT * FROM svc_windows WHERE ${KEY}`),
  insertWindow: db.prepare(
    `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, ?)`,
  ),
  replanWindow: db.prepare(
    `UPDATE svc_windows SET status = 'pending', as_of = ?, generation = generation + 1, error = NULL,
     error_status = NULL, error_message = NULL, updated_at = ? WHERE ${KEY} RETURNING generation`,
  ),
  // A pending window keeps the time it was first owed (`status` tells how long work has waited).
  keepWindow: db.prepare(`UPDATE svc_windows SET as_of = ? WHERE ${KEY} RETURNING generation`),
  pending: db.prepare(
    `SELECT * FROM svc_windows WHERE status = 'pending' AND (user_id, resource, provider, start_date, end_date) > (?, ?, ?, ?, ?)
     ORDER BY user_id, resource, provider, start_date, end_date LIMIT ?`,
  ),
  upsertSummary: db.prepare(
    `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (resource, user_id, provider, calendar_date) DO UPDATE SET data = excluded.data,
     fetched_at = excluded.fetched_at WHERE excluded.fetched_at >= svc_summaries.fetched_at`,
  ),
  markDone: db.prepare(
    `UPDATE svc_windows SET status = 'done', covered_until = ?, updated_at = ? WHERE ${KEY} AND generation = ?`,
  ),
  markFailed: db.prepare(
    `UPDATE svc_windows SET status = 'failed', error = ?, error_status = ?, error_message = ?, updated_at = ?
     WHERE ${KEY}`,
  ),
  failedWindows: db.prepare(
    `SELECT *, ${CLIENT_ID} FROM svc_windows WHERE status = 'failed' AND (user_id, resource, provider, start_date, end_date) > (?, ?, ?, ?, ?)
     ORDER BY user_id, resource, provider, start_date, end_date LIMIT ?`,
  ),
  // Dealt with by an operator: done, covered to the window's last day (or its run end time), nothing stored.
  clearFailedWindow: db.prepare(
    `UPDATE svc_windows SET status = 'done', covered_until = min(as_of, strftime('%Y-%m-%dT%H:%M:%fZ', end_date, '+1 day')),
     updated_at = ? WHERE ${KEY} AND status = 'failed' RETURNING 1 AS found`,
  ),
});

/** Users: saved, found, read a page at a time, failed ones cleared. */
const userStatements = (db: SqliteDatabase) => ({
  findUser: db.prepare(
    'SELECT client_user_id, user_id, providers, error FROM svc_users WHERE client_user_id = ?',
  ),
  saveUser: db.prepare(
    `INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (client_user_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_users.user_id), providers = excluded.providers,
     error = excluded.error, updated_at = excluded.updated_at`,
  ),
  readUsers: db.prepare(
    `SELECT client_user_id, user_id, providers, error FROM svc_users WHERE user_id IS NOT NULL AND client_user_id > ?
     ORDER BY client_user_id LIMIT ?`,
  ),
  failedUsers: db.prepare(
    `SELECT client_user_id, user_id, providers, error FROM svc_users WHERE error IS NOT NULL AND client_user_id > ?
     ORDER BY client_user_id LIMIT ?`,
  ),
  clearFailedUser: db.prepare(
    'DELETE FROM svc_users WHERE client_user_id = ? AND error IS NOT NULL RETURNING 1 AS found',
  ),
});

/** Lab order events, orders and parsing jobs. */
const labStatements = (db: SqliteDatabase) => ({
  saveLabOrderEvent: db.prepare(
    `INSERT INTO svc_lab_order_events (order_id, user_id, occurred_at, status, event_type, data) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  ),
  labEventsUser: db.prepare(LAB_EVENTS_USER),
  saveLabOrder: db.prepare(
    `INSERT INTO svc_lab_orders (order_id, user_id, status, updated_at, data) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (order_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_lab_orders.user_id),
     status = excluded.status, updated_at = excluded.updated_at, data = excluded.data
     WHERE excluded.updated_at >= svc_lab_orders.updated_at`,
  ),
  readLabOrders: db.prepare('SELECT * FROM svc_lab_orders WHERE order_id > ? ORDER BY order_id LIMIT ?'),
  readLabOrderEvents: db.prepare(
    `SELECT e.order_id, e.occurred_at, e.status, e.event_type, e.data, coalesce(e.user_id, o.user_id) AS user_id FROM svc_lab_order_events e LEFT JOIN svc_lab_orders o ON o.order_id = e.order_id
     WHERE e.order_id = ? ORDER BY e.occurred_at, e.status LIMIT ?`,
  ),
  saveParsingJob: db.prepare(
    `INSERT INTO svc_parsing_jobs (job_id, user_id, status, updated_at, stored_at, job) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (job_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_parsing_jobs.user_id),
     status = excluded.status, updated_at = excluded.updated_at, stored_at = excluded.stored_at, job = excluded.job
     WHERE excluded.updated_at >= svc_parsing_jobs.updated_at`,
  ),
  readParsingJobs: db.prepare('SELECT * FROM svc_parsing_jobs WHERE job_id > ? ORDER BY job_id LIMIT ?'),
});

/** Reads of synced data: summaries, each resource's status, coverage, the status counts. */
const readStatements = (db: SqliteDatabase) => ({
  readSummaries: db.prepare(
    `SELECT resource, user_id, provider, calendar_date, data FROM svc_summaries
     WHERE (resource, user_id, provider, calendar_date) > (?, ?, ?, ?) AND fetched_at > ?
     ORDER BY resource, user_id, provider, calendar_date LIMIT ?`,
  ),
  newestSteps: db.prepare('SELECT max(last_end) AS newest FROM svc_steps'),
  newestSummaries: db.prepare(
    'SELECT resource, max(calendar_date) AS newest FROM svc_summaries GROUP BY resource',
  ),
  windowsByResource: db.prepare(
    `SELECT resource, max(as_of) AS as_of, sum(status = 'pending') AS pending, sum(status = 'failed') AS failed,
     min(CASE WHEN status = 'pending' THEN updated_at END) AS pending_since FROM svc_windows GROUP BY resource`,
  ),
  oldestPending: db.prepare(OLDEST_PENDING),
  userCoverage: db.prepare(
    userCoverageQuery('julianday(w.end_date) - julianday(w.start_date) + 1', '(?, ?, ?)', '?'),
  ),
  // Each day row counts its points: a status counts points, as when each was a row.
  countSteps: db.prepare('SELECT coalesce(sum(n), 0) AS n FROM svc_steps'),
  countSummaries: db.prepare('SELECT resource, count(*) AS n FROM svc_summaries GROUP BY resource'),
  countWindows: db.prepare('SELECT status, count(*) AS n FROM svc_windows GROUP BY status'),
  countFailedUsers: db.prepare('SELECT count(*) AS n FROM svc_users WHERE error IS NOT NULL'),
});

export function prepareStatements(db: SqliteDatabase) {
  return {
    ...windowStatements(db),
    ...userStatements(db),
    ...labStatements(db),
    ...readStatements(db),
  };
}
