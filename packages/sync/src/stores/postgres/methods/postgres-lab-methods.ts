// The PostgreSQL store's lab data: order events (and the order they move), parsing jobs.
import { LAB_EVENTS_USER } from '../../shared-queries.js';
import { labOrderEventOf, labOrderOf, parsingJobOf } from '../../store-rows.js';
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresLabMethods({
  inTransaction,
  query,
  rowsOf,
}: PostgresStoreParts): StoreMethods<
  'saveLabOrderEvent' | 'readLabOrders' | 'readLabOrderEvents' | 'saveParsingJob' | 'readParsingJobs'
> {
  return {
    async saveLabOrderEvent(event) {
      let n = 0;
      const at = new Date(event.occurredAt).toISOString();
      const data = JSON.stringify(event.data);
      await inTransaction(async (client) => {
        await client.query(
          `INSERT INTO svc_lab_order_events (order_id, user_id, occurred_at, status, event_type, data) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [event.orderId, event.userId, at, event.status, event.eventType, data],
        );
        await client.query(
          `INSERT INTO svc_lab_orders (order_id, user_id, status, updated_at, data) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (order_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_lab_orders.user_id),
           status = excluded.status, updated_at = excluded.updated_at, data = excluded.data
           WHERE excluded.updated_at >= svc_lab_orders.updated_at`,
          [event.orderId, event.userId, event.status, at, data],
        );
        await client.query(
          LAB_EVENTS_USER.replaceAll('?', () => `$${++n}`),
          [event.orderId, event.orderId],
        );
      });
    },
    async readLabOrders(limit, after) {
      return rowsOf(
        'SELECT * FROM svc_lab_orders WHERE order_id > $1 ORDER BY order_id LIMIT $2',
        [after ?? '', limit],
        labOrderOf,
      );
    },
    async readLabOrderEvents(orderId, limit) {
      return rowsOf(
        `SELECT e.order_id, e.occurred_at, e.status, e.event_type, e.data, coalesce(e.user_id, o.user_id) AS user_id FROM svc_lab_order_events e LEFT JOIN svc_lab_orders o ON o.order_id = e.order_id
         WHERE e.order_id = $1 ORDER BY e.occurred_at, e.status LIMIT $2`,
        [orderId, limit],
        labOrderEventOf,
      );
    },
    async saveParsingJob(job) {
      await query(
        `INSERT INTO svc_parsing_jobs (job_id, user_id, status, updated_at, stored_at, job) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (job_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_parsing_jobs.user_id),
         status = excluded.status, updated_at = excluded.updated_at, stored_at = excluded.stored_at, job = excluded.job
         WHERE excluded.updated_at >= svc_parsing_jobs.updated_at`,
        [
          job.jobId,
          job.userId,
          job.status,
          new Date(job.updatedAt).toISOString(),
          new Date(job.storedAt).toISOString(),
          JSON.stringify(job.job),
        ],
      );
    },
    async readParsingJobs(limit, after) {
      return rowsOf(
        'SELECT * FROM svc_parsing_jobs WHERE job_id > $1 ORDER BY job_id LIMIT $2',
        [after ?? '', limit],
        parsingJobOf,
      );
    },
  };
}
