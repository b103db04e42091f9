// Issue 43: PostgreSQL that stops answering hangs a run for good. A table lock held by another session
// and a frozen server (SIGSTOP to the postmaster and its backends) end as the fault table's "store
// unavailable": retried, then `incomplete`, one line, exit 3, within a bound; one rerun makes the rows exact.
import { createClient } from '@svc/client';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/errors/errors.js';
import { createPostgresStore } from '../../src/stores/postgres-store.js';
import { backfillArgs } from '../fixtures/cli-args.js';
import { eventually, fleetServers } from '../fixtures/fleet-servers.js';
import { runCli, startCli } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_pg_deadlines';
const env = { SVC_API_KEY: KEY };
const servers = fleetServers('sync-pg-deadlines');

const RANGE = { from: '2025-11-01', to: '2025-12-31' };
const RETRIES = ['--max-attempts', '2', '--max-backoff-ms', '200'];
const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);
const args = (store: string, users: string[], extra: string[] = []) => [
  ...backfillArgs(store, servers.sandbox.url, users, RANGE),
  ...extra,
];

/** The rows of `users` (client user ids) in the shared store equal the sandbox's, exactly. */
async function expectTruth(users: string[]) {
  const client = createClient({ apiKey: KEY, baseUrl: servers.sandbox.url });
  const truth = await sandboxTruth(client, users, ['steps', 'sleep'], RANGE.from, RANGE.to);
  const ids = await Promise.all(
    users.map(async (u) => (await client.resolveUser({ client_user_id: u })).user_id),
  );
  const stored = await storedRows(servers.postgres.url);
  expect(new Map([...stored].filter(([key]) => ids.includes(key.split('|')[1] as string)))).toEqual(truth);
}

/** Exit 3 in one line naming the store, `incomplete` on stdout, no stack trace. */
function expectStoreUnavailable(
  result: { code: number | null; stdout: string; stderr: string },
  why: RegExp,
) {
  noStack(result.stderr);
  expect(result.code).toBe(3);
  expect(result.stdout).toMatch(/^incomplete: /m);
  const lines = result.stderr.match(/^svc-sync: .*$/gm) ?? [];
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^svc-sync: the store is unavailable \(.+\); run the same command again/);
  expect(lines[0]).toMatch(why);
}

describe('issue 43: PostgreSQL that stops answering', () => {
  it('a table lock another session holds: the run gives up after the 5 s lock deadline per attempt, exit 3 in one line; rows exact after one rerun', async () => {
    const users = ['lock-a', 'lock-b'];
    expect((await runCli(['migrate', '--store', servers.postgres.url])).code).toBe(0);
    const holder = new pg.Client({ connectionString: servers.postgres.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE svc_windows IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const first = await runCli(args(servers.postgres.url, users, RETRIES), env);
      const tookMs = Date.now() - started;
      expectStoreUnavailable(first, /55P03/);
      // Two attempts of 5 s each, the backoff between and the CLI's start: far from forever.
      expect(tookMs).toBeLessThan(30_000);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
    }
    const rerun = await runCli(args(servers.postgres.url, users), env);
    expect(rerun.code).toBe(0);
    await expectTruth(users);
  }, 120_000);

  it('a server frozen mid-run: the store gives up on it at its query and connection deadlines, exit 3 in one line; rows exact after one rerun', async () => {
    const users = ['frozen-a', 'frozen-b', 'frozen-c'];
    const doneBefore = (await windowCounts(servers.postgres.url)).done ?? 0;
    // The client's own deadline, shortened through the address as a partner can (the default is 65 s).
    const store = `${servers.postgres.url}?query_timeout=3000`;
    const run = startCli(args(store, users, [...RETRIES, '--concurrency', '4']), env);
    expect(
      await eventually(
        async () => ((await windowCounts(servers.postgres.url)).done ?? 0) - doneBefore >= 2,
        30_000,
      ),
    ).toBe(true);
    servers.postgres.freeze();
    let tookMs: number;
    let first: Awaited<typeof run.result>;
    try {
      const frozenAt = Date.now();
      first = await run.result;
      tookMs = Date.now() - frozenAt;
    } finally {
      servers.postgres.thaw();
    }
    expectStoreUnavailable(first, /PostgreSQL at .* is unavailable/);
    // A query deadline (3 s), a connection deadline (10 s) on the retry, the close's 2 s: bounded (the
    // margin is for a loaded machine; without the deadlines the run never ends).
    expect(tookMs).toBeLessThan(75_000);
    const rerun = await runCli(args(servers.postgres.url, users), env);
    expect(rerun.code).toBe(0);
    await expectTruth(users);
  }, 120_000);

  it('in code: a call to a frozen server fails with StoreUnavailableError past its statement deadline, and close() returns', async () => {
    const store = createPostgresStore(servers.postgres.url, {
      statementTimeoutMs: 500,
      connectTimeoutMs: 1_000,
    });
    await store.status();
    servers.postgres.freeze();
    try {
      const started = Date.now();
      await expect(store.status()).rejects.toBeInstanceOf(StoreUnavailableError);
      // The statement's 500 ms and the client's 5 s of grace after it.
      expect(Date.now() - started).toBeLessThan(15_000);
      const closing = Date.now();
      await store.close();
      expect(Date.now() - closing).toBeLessThan(10_000);
    } finally {
      servers.postgres.thaw();
    }
  }, 60_000);
});
