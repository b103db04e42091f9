// The SQLite store's schema and binding: its version, migrations, and the team it holds data for.

import { migrationsDue, SCHEMA_VERSION, type StoreSchema } from '../migrations/migrations.js';
import { type FoundTables, META_TABLE, TEAM_KEY, VERSION_KEY, versionOf } from '../migrations/store-meta.js';
import { checkTeamBinding } from '../team-fingerprint.js';
import { immediate } from './driver.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { rewriteStepsByDay } from './sqlite-step-days.js';

export function sqliteSchema(db: SqliteDatabase, where: string) {
  /** The store's own tables and their columns. */
  const tables = (): FoundTables => {
    const rows = db
      .prepare(
        `SELECT m.name AS name, p.name AS col FROM sqlite_master m JOIN pragma_table_info(m.name) p
         WHERE m.type = 'table' AND m.name LIKE 'svc\\_%' ESCAPE '\\'`,
      )
      .all<{ name: string; col: string }>();
    const found = new Map<string, Set<string>>();
    for (const { name, col } of rows) found.set(name, (found.get(name) ?? new Set()).add(col));
    return found;
  };
  const meta = (key: string) =>
    db.prepare(`SELECT value FROM ${META_TABLE} WHERE key = ?`).get<{ value: string }>(key)?.value;
  const setMeta = (key: string, value: string) =>
    db
      .prepare(
        `INSERT INTO ${META_TABLE} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .run(key, value);
  const version = () => {
    const found = tables();
    return versionOf(found, found.has(META_TABLE) ? meta(VERSION_KEY) : undefined, where);
  };

  return {
    state(): StoreSchema {
      const current = version();
      migrationsDue(current, where);
      return {
        version: current,
        latest: SCHEMA_VERSION,
        due: current < SCHEMA_VERSION,
        team: current >= 2 ? (meta(TEAM_KEY) ?? null) : null,
      };
    },
    /** Migrates forward in one write transaction; a store already current takes no write lock. */
    migrate(): void {
      if (migrationsDue(version(), where).length === 0) return;
      immediate(db, () => {
        const due = migrationsDue(version(), where); // again, under the lock: another process may have migrated
        for (const migration of due) {
          db.exec(migration.sqlite);
          if (migration.rewrite === 'steps-by-day') rewriteStepsByDay(db);
        }
        if (due.length > 0) setMeta(VERSION_KEY, String(SCHEMA_VERSION));
      });
    },
    bindTeam(fingerprint: string): void {
      immediate(db, () => {
        db.prepare(`INSERT INTO ${META_TABLE} (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`).run(
          TEAM_KEY,
          fingerprint,
        );
        checkTeamBinding(meta(TEAM_KEY) as string, fingerprint, where);
      });
    },
    rebindTeam(fingerprint: string): string | null {
      return immediate(db, () => {
        const previous = meta(TEAM_KEY) ?? null;
        setMeta(TEAM_KEY, fingerprint);
        return previous;
      });
    },
  };
}
