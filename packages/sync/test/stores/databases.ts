// Fresh databases for the store suites, and SQL run straight on them (reads a store never offers, and
// the tampering a test needs): one helper per database, the same shape.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { sqliteDriver } from '../../src/stores/sqlite/driver.js';
import { postgresShape, sqliteShape } from './store-shape.js';

export interface Databases {
  name: 'SQLite' | 'PostgreSQL';
  /** The address of a new, empty database. */
  fresh(): Promise<string>;
  /** Runs statements (no result). */
  exec(address: string, sql: string): Promise<void>;
  /** Runs one query and gives its rows. */
  query(address: string, sql: string): Promise<Record<string, unknown>[]>;
  /** The fixture file of this database for `name` (e.g. `schema-v1`). */
  fixture(name: string): string;
  /** Its schema and rows as lines, from the catalog (store-shape.ts): equal lines, the same store. */
  shape(address: string): Promise<string[]>;
}

/** A file of `test/stores/fixtures/`. */
export const readFixture = (file: string) =>
  readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');

/** SQLite files in a temporary directory, removed after the test file. */
export function sqliteDatabases(): Databases & { dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sync-sqlite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const withDb = async <T>(
    address: string,
    work: (db: ReturnType<ReturnType<typeof sqliteDriver>['open']>) => T,
  ): Promise<Awaited<T>> => {
    const db = sqliteDriver().open(address.slice('sqlite:'.length), false);
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      return await work(db);
    } finally {
      db.close();
    }
  };
  return {
    name: 'SQLite',
    dir,
    fresh: async () => `sqlite:${join(dir, `store-${++files}.db`)}`,
    exec: (address, sql) => withDb(address, (db) => db.exec(sql)),
    query: (address, sql) => withDb(address, (db) => db.prepare(sql).all<Record<string, unknown>>()),
    fixture: (name) => readFixture(`${name}.sqlite.sql`),
    shape: (address) =>
      withDb(address, (db) => sqliteShape(async (sql) => db.prepare(sql).all<Record<string, unknown>>())),
  };
}

/** A database per call in the PostgreSQL server at `serverUrl` (its `postgres` database's URL). */
export function postgresDatabases(serverUrl: () => string): Databases {
  let databases = 0;
  const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async fresh() {
      const name = `store_${++databases}`;
      // FILE_COPY copies template1's files (one checkpoint, cheap with fsync off) where PostgreSQL 15's
      // default writes every block of it through the WAL: 2 x faster per database, the same database.
      await withClient(serverUrl(), (client) => client.query(`CREATE DATABASE ${name} STRATEGY FILE_COPY`));
      return serverUrl().replace(/\/postgres$/, `/${name}`);
    },
    exec: (address, sql) => withClient(address, async (client) => void (await client.query(sql))),
    query: (address, sql) => withClient(address, async (client) => (await client.query(sql)).rows),
    fixture: (name) => readFixture(`${name}.postgres.sql`),
    shape: (address) =>
      withClient(address, (client) => postgresShape(async (sql) => (await client.query(sql)).rows)),
  };
}
