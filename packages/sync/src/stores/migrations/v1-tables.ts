// Schema version 1: the tables as the first release created them (no svc_meta: a store with
// svc_windows and no svc_meta is version 1). Never edit a shipped migration: add the next one.
// Times are ISO 8601 UTC text in SQLite (ordered as text) and timestamptz in PostgreSQL.

const tables = (time: string, real: string, json: string) => `
CREATE TABLE IF NOT EXISTS svc_users (
  client_user_id TEXT PRIMARY KEY,
  user_id TEXT,
  providers TEXT NOT NULL,
  error TEXT,
  updated_at ${time} NOT NULL
);
CREATE TABLE IF NOT EXISTS svc_windows (
  user_id TEXT NOT NULL,
  resource TEXT NOT NULL,
  provider TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  as_of ${time} NOT NULL,
  status TEXT NOT NULL,
  generation INTEGER NOT NULL,
  covered_until ${time},
  error TEXT,
  error_status INTEGER,
  error_message TEXT,
  updated_at ${time} NOT NULL,
  PRIMARY KEY (user_id, resource, provider, start_date, end_date)
);
CREATE INDEX IF NOT EXISTS svc_windows_status ON svc_windows (status);
CREATE TABLE IF NOT EXISTS svc_steps (
  user_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  start ${time} NOT NULL,
  "end" ${time} NOT NULL,
  unit TEXT NOT NULL,
  value ${real} NOT NULL,
  fetched_at ${time} NOT NULL,
  PRIMARY KEY (user_id, provider, start)
);
CREATE TABLE IF NOT EXISTS svc_summaries (
  resource TEXT NOT NULL,
  user_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  calendar_date TEXT NOT NULL,
  data ${json} NOT NULL,
  fetched_at ${time} NOT NULL,
  PRIMARY KEY (resource, user_id, provider, calendar_date)
);
`;

export const V1_TABLES = {
  version: 1,
  sqlite: tables('TEXT', 'REAL', 'TEXT'),
  postgres: tables('TIMESTAMPTZ', 'DOUBLE PRECISION', 'JSONB'),
  adds: {
    svc_users: ['client_user_id', 'user_id', 'providers', 'error', 'updated_at'],
    svc_windows: [
      'user_id',
      'resource',
      'provider',
      'start_date',
      'end_date',
      'as_of',
      'status',
      'generation',
      'covered_until',
      'error',
      'error_status',
      'error_message',
      'updated_at',
    ],
    svc_steps: ['user_id', 'provider', 'start', 'end', 'unit', 'value', 'fetched_at'],
    svc_summaries: ['resource', 'user_id', 'provider', 'calendar_date', 'data', 'fetched_at'],
  },
};
