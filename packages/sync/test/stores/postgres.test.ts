import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StoreUnavailableError } from '../../src/index.js';
import { freePort, type RunningServer, startPostgres } from '../fixtures/servers.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { storeConformance } from './conformance.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());
let databases = 0;

storeConformance('PostgreSQL', async () => {
  const name = `conformance_${++databases}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const address = server.url.replace(/\/postgres$/, `/${name}`);
  const store = await openStore(address);
  return { store, rows: () => storedRows(address) };
});

describe('opening a PostgreSQL store', () => {
  it('fails with StoreUnavailableError, without the password, when nothing listens', async () => {
    const port = await freePort();
    const attempt = openStore(`postgres://svc:s3cret-pw@127.0.0.1:${port}/db`);
    await expect(attempt).rejects.toThrow(StoreUnavailableError);
    await expect(attempt).rejects.not.toThrow(/s3cret-pw/);
  });
});
