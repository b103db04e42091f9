import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStore, openStore, SCHEMA_VERSION, StoreUnavailableError } from '../../src/index.js';
import { freePort, type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { storeConformance } from './conformance.js';
import { postgresDatabases } from './databases.js';
import { migrationCases } from './migration-cases.js';
import { restartCases } from './postgres-restart.js';

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
// Stopping removes the ~200 databases the suite made: 34 s for 200 empty ones on a loaded 2-core machine.
afterAll(() => server?.stop(), 180_000);

const postgres = postgresDatabases(() => server.url);
storeConformance(postgres);
// A store of the oldest schema, migrated on opening through every migration, passes the same suite; a
// store of every other earlier schema is shown to be the same store as a new one (migrationCases).
storeConformance(postgres, 'schema-v1');
migrationCases(postgres);
restartCases(postgres, () => server);

describe('opening a PostgreSQL store', () => {
  it('fails with StoreUnavailableError, without the password, when nothing listens', async () => {
    const port = await freePort();
    const attempt = openStore(`postgres://svc:s3cret-pw@127.0.0.1:${port}/db`);
    await expect(attempt).rejects.toThrow(StoreUnavailableError);
    await expect(attempt).rejects.not.toThrow(/s3cret-pw/);
  });

  it('keeps a password given as a query parameter out of its errors too', async () => {
    const port = await freePort();
    // PostgreSQL's URIs (and pg) take the password from `?password=` as well as from the user info.
    const attempt = openStore(`postgres://svc@127.0.0.1:${port}/db?password=s3cret-pw&sslpassword=k3y-pw`);
    await expect(attempt).rejects.toThrow(StoreUnavailableError);
    await expect(attempt).rejects.toThrow(/\?password=\*\*\*&sslpassword=\*\*\*/);
  });

  it('migrates a version-1 store once when several processes open it at once', async () => {
    const address = await postgres.fresh();
    await postgres.exec(address, postgres.fixture('schema-v1'));
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore(address)));
    await Promise.all(stores.map((store) => store.close()));
    expect(await checkStore(address)).toMatchObject({ version: SCHEMA_VERSION, due: false });
  });
});
