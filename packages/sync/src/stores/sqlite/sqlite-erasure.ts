// Erasure on SQLite: deletes with secure_delete on in one write transaction, tombstones, and the scrub
// (checkpoint, VACUUM, checkpoint(TRUNCATE)) that takes deleted bytes out of the database and WAL files.
import { StoreVersionError } from '../../errors/errors.js';
import type { ResourceName } from '../../resources.js';
import {
  type EraseStatement,
  eraseUserStatements,
  forgetProviderStatements,
  retentionStatements,
  retentionTrim,
  unknownTables,
} from '../erasure-plan.js';
import { SCHEMA_VERSION } from '../migrations/migrations.js';
import type { ScrubResult, StoreErasure } from '../store.js';
import { ERASURE_KEY, type ErasedIds, hashesOf, newErasureKey } from '../tombstone-hash.js';
import { immediate } from './driver.js';
import type { SqliteDatabase, SqliteStatement } from './sqlite-database.js';

const STORE = { kind: 'sqlite', schemaVersion: SCHEMA_VERSION } as const;

type ErasureParts = ReturnType<typeof erasureParts>;

/** Refuses to erase from a schema with a table erasure does not know (it could hold the user). */
function checkTables(db: SqliteDatabase) {
  const names = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
    .all<{ name: string }>()
    .map((row) => row.name);
  const unknown = unknownTables(names);
  if (unknown.length > 0)
    throw new StoreVersionError(
      `the store has tables this @svc/sync's erasure does not know (${unknown.join(', ')}): upgrade @svc/sync; nothing was deleted`,
      SCHEMA_VERSION,
      SCHEMA_VERSION,
    );
}

function run(db: SqliteDatabase, statements: EraseStatement[]) {
  const removed: Record<string, number> = {};
  for (const statement of statements) {
    const count = statement.counts;
    let n: number;
    if (count === undefined) {
      db.prepare(statement.sql).run(...statement.values);
      n = db.prepare('SELECT changes() AS n').get<{ n: number }>()?.n ?? 0;
    } else
      n = db
        .prepare(statement.sql)
        .all<Record<string, number>>(...statement.values)
        .reduce((sum, row) => sum + Number(row[count]), 0);
    removed[statement.table] = (removed[statement.table] ?? 0) + n;
  }
  return removed;
}

/** Deleted pages are overwritten with zeros (the rest of the bytes go with the scrub). */
function erasing<T>(db: SqliteDatabase, work: () => T): T {
  checkTables(db);
  db.exec('PRAGMA secure_delete = ON');
  return immediate(db, work);
}

/** The erasure key (read once), a write's tombstone and its refusal. */
function erasureParts(db: SqliteDatabase) {
  let key: string | undefined;
  // Prepared once: every window's commit asks (the profile found them prepared again per commit).
  let statements: Record<'readKey' | 'tombstone' | 'refused', SqliteStatement> | undefined;
  const prepared = () => {
    statements ??= {
      readKey: db.prepare('SELECT value FROM svc_meta WHERE key = ?'),
      tombstone: db.prepare(
        'SELECT client_hash FROM svc_tombstones WHERE client_hash = ? OR user_hash = ? LIMIT 1',
      ),
      refused: db.prepare(
        'UPDATE svc_tombstones SET refused = refused + 1, last_refused_at = ? WHERE client_hash = ?',
      ),
    };
    return statements;
  };
  const readKey = () => {
    key ??= prepared().readKey.get<{ value: string }>(ERASURE_KEY)?.value;
    return key;
  };
  const ensureKey = () => {
    db.prepare('INSERT INTO svc_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(
      ERASURE_KEY,
      newErasureKey(),
    );
    return readKey() as string;
  };
  const tombstoneOf = (ids: ErasedIds): string | undefined => {
    const k = readKey();
    if (!k) return undefined; // no erasure ever ran here
    const hashes = hashesOf(k, ids);
    if (!hashes.client && !hashes.user) return undefined;
    return prepared().tombstone.get<{ client_hash: string }>(hashes.client ?? null, hashes.user ?? null)
      ?.client_hash;
  };
  /** Inside a write transaction: the tombstone, with the refusal counted on it. */
  const refuse = (ids: ErasedIds): string | undefined => {
    const tombstone = tombstoneOf(ids);
    if (tombstone) prepared().refused.run(new Date().toISOString(), tombstone);
    return tombstone;
  };
  return { readKey, ensureKey, tombstoneOf, refuse };
}

function eraseUser(
  db: SqliteDatabase,
  { ensureKey }: ErasureParts,
  ids: { clientUserId: string; userId?: string | null },
): StoreErasure {
  return erasing(db, () => {
    const erasureKey = ensureKey();
    const userId =
      ids.userId ??
      db
        .prepare('SELECT user_id FROM svc_users WHERE client_user_id = ?')
        .get<{ user_id: string | null }>(ids.clientUserId)?.user_id ??
      null;
    const removed = run(db, eraseUserStatements(ids.clientUserId, userId));
    const hashes = hashesOf(erasureKey, { clientUserId: ids.clientUserId, userId });
    db.prepare(
      `INSERT INTO svc_tombstones (client_hash, user_hash, erased_at) VALUES (?, ?, ?)
       ON CONFLICT (client_hash) DO UPDATE SET user_hash = coalesce(excluded.user_hash, svc_tombstones.user_hash),
       erased_at = excluded.erased_at`,
    ).run(hashes.client as string, hashes.user ?? null, new Date().toISOString());
    return { removed, tombstone: hashes.client as string, store: STORE };
  });
}

function forgetProvider(db: SqliteDatabase, userId: string, provider: string): StoreErasure {
  return erasing(db, () => {
    const removed = run(db, forgetProviderStatements(userId, provider));
    const users = db
      .prepare('SELECT client_user_id, providers FROM svc_users WHERE user_id = ?')
      .all<{ client_user_id: string; providers: string }>(userId);
    for (const user of users)
      db.prepare('UPDATE svc_users SET providers = ?, updated_at = ? WHERE client_user_id = ?').run(
        JSON.stringify((JSON.parse(user.providers) as string[]).filter((p) => p !== provider)),
        new Date().toISOString(),
        user.client_user_id,
      );
    return { removed, tombstone: null, store: STORE };
  });
}

function allowUser(db: SqliteDatabase, { readKey }: ErasureParts, clientUserId: string): boolean {
  const k = readKey();
  if (!k) return false;
  return immediate(db, () => {
    db.prepare('DELETE FROM svc_tombstones WHERE client_hash = ?').run(
      hashesOf(k, { clientUserId }).client as string,
    );
    return (db.prepare('SELECT changes() AS n').get<{ n: number }>()?.n ?? 0) > 0;
  });
}

/**
 * The whole file is rewritten (VACUUM: time and temporary space in proportion to the store), then the
 * WAL is emptied; a reader holding an old snapshot keeps the WAL from being truncated: `complete` false.
 */
function scrub(db: SqliteDatabase, tables: readonly string[]): ScrubResult {
  const started = performance.now();
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.exec('VACUUM');
  const checkpoint = db
    .prepare('PRAGMA wal_checkpoint(TRUNCATE)')
    .get<{ busy: number; log: number; checkpointed: number }>();
  return {
    method: 'sqlite-vacuum',
    complete: checkpoint?.busy === 0 && checkpoint.log === checkpoint.checkpointed,
    tables: [...tables],
    ms: Math.round(performance.now() - started),
  };
}

export function sqliteErasure(db: SqliteDatabase, stepDays: { trim(day: string, cutoff: string): number }) {
  const parts = erasureParts(db);
  const { refuse, tombstoneOf } = parts;
  return {
    refuse,
    /** Whether a write of these ids is refused: read first, the write lock taken only for a tombstone. */
    refuseNow: (ids: ErasedIds) => (tombstoneOf(ids) ? immediate(db, () => refuse(ids)) : undefined),
    eraseUser: (ids: { clientUserId: string; userId?: string | null }): StoreErasure =>
      eraseUser(db, parts, ids),
    forgetProvider: (userId: string, provider: string): StoreErasure => forgetProvider(db, userId, provider),
    retain(resource: ResourceName, cutoff: string): StoreErasure {
      return erasing(db, () => {
        const removed = run(db, retentionStatements(resource, cutoff));
        const trim = retentionTrim(resource, cutoff);
        if (trim) removed.svc_steps = (removed.svc_steps ?? 0) + stepDays.trim(trim.day, trim.cutoff);
        return { removed, tombstone: null, store: STORE };
      });
    },
    allowUser: (clientUserId: string): boolean => allowUser(db, parts, clientUserId),
    scrub: (tables: readonly string[]): ScrubResult => scrub(db, tables),
  };
}
