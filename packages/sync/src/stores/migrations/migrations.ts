// The schema's versions, in order, and the pure decision every store shares: what a migration applies
// (which version a store holds is read from svc_meta: store-meta.ts). Each store runs them in one transaction under its own lock.
import { StoreVersionError } from '../../errors/errors.js';
import { V1_TABLES } from './v1-tables.js';
import { V2_AS_SENT } from './v2-as-sent.js';
import { V3_TOMBSTONES } from './v3-tombstones.js';
import { V4_LAB_RESULTS } from './v4-lab-results.js';
import { V5_READ_INDEXES } from './v5-read-indexes.js';
import { V6_STEP_DAYS } from './v6-step-days.js';
import { V7_COVERAGE_EPOCH } from './v7-coverage-epoch.js';

/** One step of the schema: the SQL that takes a store from the version before to `version`. */
export interface Migration {
  version: number;
  sqlite: string;
  postgres: string;
  /**
   * The tables and columns it adds, by table: what a store of this version must hold, so that a store
   * with one dropped is told as damaged (schema-shape.ts) instead of failing later on raw SQL.
   */
  adds: Readonly<Record<string, readonly string[]>>;
  /** The columns it removes, by table: a store of this version no longer holds them. */
  drops?: Readonly<Record<string, readonly string[]>>;
  /**
   * Rows it rewrites in code after its SQL, in the same transaction (each store runs the rewrite by this
   * name): `steps-by-day` turns version 5's steps rows into day rows.
   */
  rewrite?: 'steps-by-day';
}

export const MIGRATIONS: readonly Migration[] = [
  V1_TABLES,
  V2_AS_SENT,
  V3_TOMBSTONES,
  V4_LAB_RESULTS,
  V5_READ_INDEXES,
  V6_STEP_DAYS,
  V7_COVERAGE_EPOCH,
];

/** The schema version this @svc/sync writes. */
export const SCHEMA_VERSION = (MIGRATIONS.at(-1) as Migration).version;

/** What a store's schema is, read without changing it. */
export interface StoreSchema {
  /** The version the store holds: 0 for an empty database. */
  version: number;
  /** The version this @svc/sync writes. */
  latest: number;
  /** Whether opening the store would migrate it (a version older than `latest`). */
  due: boolean;
  /** The fingerprint of the team key the store is bound to, if any (never a key). */
  team: string | null;
}

/** The migrations a store of `version` needs; refuses a store newer than this @svc/sync. */
export function migrationsDue(version: number, where: string): Migration[] {
  if (version > SCHEMA_VERSION)
    throw new StoreVersionError(
      `${where} has schema version ${version}, newer than this @svc/sync understands (${SCHEMA_VERSION}): ` +
        'upgrade @svc/sync to the release that migrated it; nothing was changed',
      version,
      SCHEMA_VERSION,
    );
  return MIGRATIONS.filter((migration) => migration.version > version);
}
