// What the SQLite store's methods share: the open connection, the guard every call goes through, the
// prepared statements, the schema, step day rows and erasure. sqlite-store.ts opens it; one file per
// concern (sqlite-window-methods.ts, sqlite-user-methods.ts, …) builds its methods on it.
import type { MaintainedStore } from '../../store-maintenance.js';
import type { SqliteDatabase } from '../sqlite-database.js';
import type { sqliteErasure } from '../sqlite-erasure.js';
import type { sqliteSchema } from '../sqlite-schema.js';
import type { prepareStatements } from '../sqlite-statements.js';
import type { sqliteStepDays } from '../sqlite-step-days.js';

/** Checks the file is still the one opened and turns SQLite's failures into typed errors, around `fn`. */
export type SqliteGuard = <A extends unknown[], R>(
  fn: (...args: A) => R,
) => (...args: A) => Promise<Awaited<R>>;

export interface SqliteStoreParts {
  db: SqliteDatabase;
  guard: SqliteGuard;
  /** The prepared statements, prepared with the first call that needs them (after migrating). */
  ready: () => ReturnType<typeof prepareStatements>;
  schema: ReturnType<typeof sqliteSchema>;
  stepDays: ReturnType<typeof sqliteStepDays>;
  erasure: ReturnType<typeof sqliteErasure>;
}

/** Some of a store's methods, by name. */
export type StoreMethods<K extends keyof MaintainedStore> = Pick<MaintainedStore, K>;
