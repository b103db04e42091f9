// Schema version 3: erasure. svc_tombstones keeps an erased user from coming back (a later webhook, a
// queued job, a backfill store nothing) until the partner allows the user again; it holds keyed hashes
// of the user's ids (the key: svc_meta's erasure_key, made on the first erasure), never an id or a value.

const tombstones = (time: string) => `
CREATE TABLE svc_tombstones (
  client_hash TEXT PRIMARY KEY,
  user_hash TEXT,
  erased_at ${time} NOT NULL,
  refused INTEGER NOT NULL DEFAULT 0,
  last_refused_at ${time}
);
CREATE INDEX svc_tombstones_user ON svc_tombstones (user_hash);
`;

export const V3_TOMBSTONES = {
  version: 3,
  sqlite: tombstones('TEXT'),
  postgres: tombstones('TIMESTAMPTZ'),
  adds: { svc_tombstones: ['client_hash', 'user_hash', 'erased_at', 'refused', 'last_refused_at'] },
};
