// Schema version 7: the coverage epoch, a counter that moves whenever the set of windows or of known
// users changes (a window added, removed or moved to other days; a user added, removed or given another
// user id), but not when a window's status changes. The console keeps the part of its coverage maps that
// depends only on which windows exist (every window's days, merged per user) under this counter, so a
// sync's commits (status changes) leave it kept and only the owed and failed passes are read again.
// svc_windows_by_status replaces version 1's index on status alone, at the same number of index writes:
// those passes read a status's windows in resource, user and day order from it instead of sorting them,
// and with the provider it holds every key, so the first failed windows by key sort keys, not rows.

/** The table holding the counter: one row. */
export const COVERAGE_EPOCH_TABLE = 'svc_coverage_epoch';

const index = `
DROP INDEX svc_windows_status;
CREATE INDEX svc_windows_by_status ON svc_windows (status, resource, user_id, start_date, end_date, provider);
`;

const windowMoved = (old: string, next: string) =>
  ['user_id', 'resource', 'start_date', 'end_date'].map((c) => `${old}.${c} ${next} NEW.${c}`).join(' OR ');

/** Which row changes move the epoch, as trigger events with their conditions (OLD/NEW as each database spells "differs"). */
const events = (differs: string) =>
  [
    ['svc_windows_added', 'INSERT ON svc_windows', ''],
    ['svc_windows_removed', 'DELETE ON svc_windows', ''],
    [
      'svc_windows_moved',
      'UPDATE OF user_id, resource, start_date, end_date ON svc_windows',
      windowMoved('OLD', differs),
    ],
    ['svc_users_added', 'INSERT ON svc_users', 'NEW.user_id IS NOT NULL'],
    ['svc_users_removed', 'DELETE ON svc_users', 'OLD.user_id IS NOT NULL'],
    ['svc_users_resolved', 'UPDATE OF user_id ON svc_users', `OLD.user_id ${differs} NEW.user_id`],
  ] as const;

// SQLite has one writer at a time and no statement triggers: each row's change adds one.
const sqlite = `${index}
CREATE TABLE ${COVERAGE_EPOCH_TABLE} (epoch INTEGER NOT NULL);
INSERT INTO ${COVERAGE_EPOCH_TABLE} (epoch) VALUES (0);
${events('IS NOT')
  .map(
    ([name, event, when]) => `CREATE TRIGGER ${name} AFTER ${event}${when && ` WHEN ${when}`}
BEGIN UPDATE ${COVERAGE_EPOCH_TABLE} SET epoch = epoch + 1; END;`,
  )
  .join('\n')}
`;

// PostgreSQL: deferred to commit and once per transaction, so the epoch row is locked only while a
// transaction commits, after every other lock it takes (no wait on it can close a cycle), and concurrent
// writers do not queue behind each other's whole transactions.
const postgres = `${index}
CREATE TABLE ${COVERAGE_EPOCH_TABLE} (epoch BIGINT NOT NULL);
INSERT INTO ${COVERAGE_EPOCH_TABLE} (epoch) VALUES (0);
CREATE FUNCTION svc_coverage_epoch_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('svc.coverage_epoch_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE ${COVERAGE_EPOCH_TABLE} SET epoch = epoch + 1;
    PERFORM set_config('svc.coverage_epoch_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;
${events('IS DISTINCT FROM')
  .map(
    ([name, event, when]) => `CREATE CONSTRAINT TRIGGER ${name} AFTER ${event} DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW${when && ` WHEN (${when})`} EXECUTE FUNCTION svc_coverage_epoch_bump();`,
  )
  .join('\n')}
`;

export const V7_COVERAGE_EPOCH = {
  version: 7,
  sqlite,
  postgres,
  adds: { [COVERAGE_EPOCH_TABLE]: ['epoch'] },
};
