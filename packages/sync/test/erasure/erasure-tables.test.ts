// Issue 45: every table the migrations create is known to erasure: a table naming a user is erased by the
// columns that name them, any other is listed as holding no user's data. A migration adding a table
// fails here until erasure-plan.ts covers it, and a store with a table erasure does not know refuses to
// erase rather than leave the user there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseUser, openStore, StoreVersionError } from '../../src/index.js';
import { NO_USER_TABLES, USER_TABLES, type UserTable } from '../../src/stores/erasure-plan.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { type Databases, postgresDatabases, sqliteDatabases } from '../stores/databases.js';

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

/** The migrated schema's tables and their columns, read from the database's catalog. */
async function schemaOf(db: Databases, address: string): Promise<Map<string, string[]>> {
  const rows =
    db.name === 'SQLite'
      ? await db.query(
          address,
          `SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) p
           WHERE m.type = 'table'`,
        )
      : await db.query(
          address,
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
        );
  const tables = new Map<string, string[]>();
  for (const row of rows)
    tables.set(row.table_name as string, [
      ...(tables.get(row.table_name as string) ?? []),
      row.column_name as string,
    ]);
  return tables;
}

/** A column naming a user: a client user id or a service user id (a keyed hash is not one). */
const namesUser = (column: string) => /user_id$/.test(column);

const sqlite = sqliteDatabases();
const pgDatabases = postgresDatabases(() => postgres.url);
const databases: Record<string, () => Databases> = {
  SQLite: () => sqlite,
  PostgreSQL: () => pgDatabases,
};

describe.each(Object.keys(databases))('%s: what erasure covers', (name) => {
  it('issue 45: knows every table of the migrated schema, and erases each by every column naming a user', async () => {
    const db = (databases[name] as () => Databases)();
    const address = await db.fresh();
    await (await openStore(address)).close();
    const schema = await schemaOf(db, address);
    expect(schema.size).toBeGreaterThan(0);
    for (const [table, columns] of schema) {
      const spec = (USER_TABLES as Record<string, UserTable>)[table];
      const covered = [spec?.client, spec?.user].filter(Boolean);
      if ((NO_USER_TABLES as readonly string[]).includes(table))
        expect({ table, naming: columns.filter(namesUser) }).toEqual({ table, naming: [] });
      else {
        expect({ table, known: spec !== undefined }).toEqual({ table, known: true });
        expect({ table, naming: columns.filter(namesUser).sort() }).toEqual({
          table,
          naming: covered.sort(),
        });
      }
    }
    // And nothing is listed that the schema does not have.
    for (const table of [...Object.keys(USER_TABLES), ...NO_USER_TABLES])
      expect(schema.has(table)).toBe(true);
  });

  it('issue 45: refuses to erase from a store with a table it does not know, deleting nothing', async () => {
    const db = (databases[name] as () => Databases)();
    const address = await db.fresh();
    const store = await openStore(address);
    try {
      await store.saveUser({ clientUserId: 'lab-user', userId: 'u-lab', providers: ['oura'], error: null });
      await db.exec(address, 'CREATE TABLE svc_lab_results (user_id TEXT, value TEXT)');
      const refused = await eraseUser(store, { clientUserId: 'lab-user' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StoreVersionError);
      expect((refused as Error).message).toContain('svc_lab_results');
      expect(await store.findUser('lab-user')).toMatchObject({ userId: 'u-lab' });
    } finally {
      await store.close();
    }
  });
});
