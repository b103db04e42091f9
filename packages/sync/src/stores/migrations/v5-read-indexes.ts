// Schema version 5: indexes for the fleet-wide reads (the console's coverage maps and `status`), no table.
// svc_windows_coverage orders a resource's windows by user and days with their status, so the coverage
// pass reads it in order instead of sorting every window; svc_users_user_id finds a user's client user id
// by service user id (the status walk joins on it).

const indexes = `
CREATE INDEX svc_windows_coverage ON svc_windows (resource, user_id, start_date, end_date, status);
CREATE INDEX svc_users_user_id ON svc_users (user_id, client_user_id);
`;

export const V5_READ_INDEXES = {
  version: 5,
  sqlite: indexes,
  postgres: indexes,
  adds: {},
};
