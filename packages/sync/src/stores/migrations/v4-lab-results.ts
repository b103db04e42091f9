// Schema version 4: what the interface gives about lab testing. Orders have no read: their statuses come
// from `labtest.order.*` webhooks, each event kept (svc_lab_order_events, with the order's user once known, so erasure finds them) and the latest state per order
// (svc_lab_orders). Parsing jobs are kept as the job read returned them, results included
// (svc_parsing_jobs), from `lab_report.parsing_job.*` events. Records are JSON text, as sent.

const tables = (time: string) => `
CREATE TABLE svc_lab_orders (
  order_id TEXT PRIMARY KEY,
  user_id TEXT,
  status TEXT,
  updated_at ${time} NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE svc_lab_order_events (
  order_id TEXT NOT NULL,
  user_id TEXT,
  occurred_at ${time} NOT NULL,
  status TEXT NOT NULL,
  event_type TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (order_id, occurred_at, status)
);
CREATE TABLE svc_parsing_jobs (
  job_id TEXT PRIMARY KEY,
  user_id TEXT,
  status TEXT NOT NULL,
  updated_at ${time} NOT NULL,
  stored_at ${time} NOT NULL,
  job TEXT NOT NULL
);
`;

export const V4_LAB_RESULTS = {
  version: 4,
  sqlite: tables('TEXT'),
  postgres: tables('TIMESTAMPTZ'),
  adds: {
    svc_lab_orders: ['order_id', 'user_id', 'status', 'updated_at', 'data'],
    svc_lab_order_events: ['order_id', 'user_id', 'occurred_at', 'status', 'event_type', 'data'],
    svc_parsing_jobs: ['job_id', 'user_id', 'status', 'updated_at', 'stored_at', 'job'],
  },
};
