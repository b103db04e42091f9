// Issue 48: the console's coverage aggregation runs the same SQL on PostgreSQL: a PostgreSQL store with
// the same fleet as a SQLite one gives the same map, status --json prints it, the served page's data is
// that map, and the address (it may hold a password) appears nowhere the console answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { runCli, startCli, stopChildren, waitForLine } from '../fixtures/processes.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { tempStores } from '../fixtures/temp-store.js';
import { postgresDatabases } from '../stores/databases.js';
import { writeMixedFleet } from './mixed-fleet.js';

let server: RunningPostgres;
const stores = tempStores();

beforeAll(async () => {
  server = await startPostgres();
});

afterAll(async () => {
  await stopChildren();
  await server?.stop();
});

const coverageOf = async (address: string) => {
  const json = await runCli(['status', '--store', address, '--json']);
  expect(json.code, json.stderr).toBe(0);
  return (JSON.parse(json.stdout) as { coverage: unknown }).coverage;
};

describe('svc-sync serve on PostgreSQL', () => {
  it('draws the same coverage as the same fleet on SQLite, as status --json prints it, and never shows the address', async () => {
    const address = await postgresDatabases(() => server.url).fresh();
    const pgStore = await openStore(address);
    await writeMixedFleet(pgStore);
    await pgStore.close();
    const sqlite = await stores.open();
    await writeMixedFleet(sqlite.store);

    const coverage = await coverageOf(address);
    expect(coverage).toEqual(await coverageOf(sqlite.address));
    expect(Object.keys(coverage as object)).toEqual(['sleep', 'steps']);

    const serve = startCli(['serve', '--store', address, '--port', '0']);
    const url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
    const overview = await (await fetch(`${url}/api/coverage`)).text();
    const page = await (await fetch(url)).text();
    expect(
      Object.fromEntries(
        (JSON.parse(overview) as { coverage: { resource: string }[] }).coverage.map(
          ({ resource, ...map }) => [resource, map],
        ),
      ),
    ).toEqual(coverage);
    const cell = await (await fetch(`${url}/api/cell?resource=sleep&day=2026-01-11&state=failed`)).json();
    expect(cell).toEqual({
      users: [
        {
          clientUserId: 'bob',
          windows: [
            {
              provider: 'oura',
              start: '2026-01-11',
              end: '2026-01-20',
              status: 'failed',
              error: 'UnprocessableEntityError',
              errorStatus: 422,
            },
          ],
        },
      ],
    });
    // The address (it may hold a password) is in no answer and no line the console printed.
    const { host, pathname } = new URL(address);
    for (const text of [overview, page, serve.output().stdout, serve.output().stderr]) {
      expect(text).not.toContain(host);
      expect(text).not.toContain(pathname);
    }
  });
});
