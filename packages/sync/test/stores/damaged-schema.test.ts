// Issue 43: a store with a dropped svc_meta or svc_steps table exited 1 with a raw SQL message while
// `migrate --check` said "up to date". A store that lacks what its schema version has is damaged: every
// command says so in one line naming what is missing (exit 8), on SQLite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStore, openStore, SCHEMA_VERSION, StoreDamagedError } from '../../src/index.js';
import { runCli, stopChildren } from '../fixtures/processes.js';
import { type RunningPostgres, startPostgres } from '../fixtures/servers.js';
import { type Databases, postgresDatabases, sqliteDatabases } from './databases.js';

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await stopChildren();
  await server?.stop();
});

const KEY = { SVC_API_KEY: 'sk_test_damaged' };
// Every command that opens the store; the service is never reached (nothing listens on port 9).
const COMMANDS = [
  ['migrate', '--check'],
  ['migrate'],
  ['status'],
  [
    'backfill',
    '--users',
    'a',
    '--from',
    '2025-11-01',
    '--to',
    '2025-11-02',
    '--base-url',
    'http://127.0.0.1:9',
  ],
];

/** A current store, bound to a team, with `damage` done to it. */
async function damagedStore(db: Databases, damage: string): Promise<string> {
  const address = await db.fresh();
  expect((await runCli(['migrate', '--store', address, '--rebind-team'], KEY)).code).toBe(0);
  await db.exec(address, damage);
  return address;
}

for (const db of [sqliteDatabases(), postgresDatabases(() => server.url)])
  describe(`a damaged ${db.name} store`, () => {
    it.each([
      [
        'svc_steps dropped',
        'DROP TABLE svc_steps',
        new RegExp(`schema version ${SCHEMA_VERSION} lacks svc_steps;`),
      ],
      [
        'svc_meta dropped',
        'DROP TABLE svc_meta',
        /it has ([\w.]+, )*svc_steps\.day(, [\w.]+)* of a later schema but lacks svc_meta;/,
      ],
      [
        'a column dropped',
        'ALTER TABLE svc_windows DROP COLUMN covered_until',
        /lacks svc_windows\.covered_until;/,
      ],
    ])(
      '%s: every command says so in one line, exit 8, and nothing is changed',
      async (_, damage, told) => {
        const address = await damagedStore(db, damage);
        for (const args of COMMANDS) {
          const run = await runCli([...args, '--store', address], KEY);
          expect({ args, code: run.code }).toEqual({ args, code: 8 });
          expect(run.stderr.match(/^svc-sync: .*$/gm)).toEqual([expect.stringMatching(told)]);
          expect(run.stderr).toMatch(/is damaged: .* restore it from a backup/);
          expect(run.stdout).not.toMatch(/up to date/);
          expect(run.stderr).not.toMatch(/^\s+at /m);
        }
        // `migrate` did not make it look whole (a partial migration would hide the damage): still damaged.
        await expect(checkStore(address)).rejects.toBeInstanceOf(StoreDamagedError);
        await expect(openStore(address)).rejects.toThrow(StoreDamagedError);
      },
      60_000,
    );
  });
