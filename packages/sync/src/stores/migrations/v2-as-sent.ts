// Schema version 2: the store records its version and its team (svc_meta), keeps each steps point as
// the service sent it (svc_steps.data), and keeps records as JSON text, key order and all, on
// PostgreSQL too (jsonb reorders keys). Rows stored before keep what they had: steps get no `data` (it
// was never stored), and PostgreSQL summaries become jsonb's own text of them.

const meta = `
CREATE TABLE svc_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
ALTER TABLE svc_steps ADD COLUMN data TEXT;
`;

export const V2_AS_SENT = {
  version: 2,
  sqlite: meta,
  postgres: `${meta}ALTER TABLE svc_summaries ALTER COLUMN data TYPE TEXT USING data::text;\n`,
  adds: { svc_meta: ['key', 'value'], svc_steps: ['data'] },
};
