// Issue 32: PostgreSQL restarted under a plain backfill and under two BullMQ workers, against the real
// server, Redis, the sandbox server and the CLI as child processes. After at most one rerun, the rows
// equal the sandbox's truth exactly, and every line said what happened (no stack trace).
import { createClient } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { eventually, fleetServers } from '../fixtures/fleet-servers.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_store_faults';
const env = { SVC_API_KEY: KEY };
const servers = fleetServers('sync-store-faults');

const RANGE = { from: '2025-11-01', to: '2025-12-31' };
const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);
const RETRIES = ['--max-attempts', '4', '--max-backoff-ms', '200'];
const args = (users: string[], extra: string[]) => [
  ...backfillArgs(servers.postgres.url, servers.sandbox.url, users, RANGE),
  ...RETRIES,
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

describe('issue 32: PostgreSQL restarted mid-run', () => {
  it('under a plain backfill, away past every retry: the run stops with exit 3 in one line (store_unavailable); after one rerun the rows are exact', async () => {
    const users = ['pg-a', 'pg-b', 'pg-c', 'pg-d'];
    const run = startCli(args(users, ['--concurrency', '4']), env);
    await eventually(async () => ((await windowCounts(servers.postgres.url)).done ?? 0) >= 4, 30_000);
    // The service stalls, so windows are in flight when PostgreSQL goes; their answers come while it is
    // away (6 s, far past 4 attempts 200 ms apart), so a commit that must happen meets the outage.
    servers.sandbox.child.kill('SIGSTOP');
    try {
      await servers.postgres.restart(6_000, () => servers.sandbox.child.kill('SIGCONT'));
    } finally {
      servers.sandbox.child.kill('SIGCONT');
    }
    const first = await run.result;
    noStack(first.stderr);
    expect(first.code).toBe(3);
    expect(first.stdout).toMatch(/^incomplete: /m);
    expect(first.stderr.match(/^svc-sync: .*$/gm)).toEqual([
      expect.stringMatching(/^svc-sync: the store is unavailable \(.+\); run the same command again/),
    ]);
    const rerun = await runCli(args(users, []), env);
    expect(rerun.code).toBe(0);
    await expectTruth(users);
  }, 120_000);

  it('under a plain backfill, restarted within its retries: the run rides it out, exit 0, rows exact', async () => {
    const users = ['pgr-a', 'pgr-b', 'pgr-c', 'pgr-d'];
    const doneBefore = (await windowCounts(servers.postgres.url)).done ?? 0;
    // Ten attempts wait at least 4 s in all (backoff from 500 ms, capped at 1 s): longer than the restart.
    const patient = ['--max-attempts', '10', '--max-backoff-ms', '1000', '--concurrency', '4'];
    const run = startCli(args(users, patient), env);
    await eventually(
      async () => ((await windowCounts(servers.postgres.url)).done ?? 0) - doneBefore >= 4,
      30_000,
    );
    servers.sandbox.child.kill('SIGSTOP');
    try {
      await servers.postgres.restart(500, () => servers.sandbox.child.kill('SIGCONT'));
    } finally {
      servers.sandbox.child.kill('SIGCONT');
    }
    // Still running once PostgreSQL is back: the outage fell within the run, not after it.
    expect(run.child.exitCode).toBeNull();
    const first = await run.result;
    noStack(first.stderr);
    expect(first.stderr).not.toMatch(/svc-sync:/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^done: /m);
    await expectTruth(users);
  }, 120_000);

  it('under two BullMQ workers: no window lost, no worker dies, rows exact after one rerun of the backfill', async () => {
    const users = ['pgq-a', 'pgq-b', 'pgq-c', 'pgq-d'];
    const queue = ['--redis', servers.redis.url];
    // The store holds the first case's windows too: this case counts its own.
    const doneBefore = (await windowCounts(servers.postgres.url)).done ?? 0;
    const queued = await runCli(args(users, queue), env);
    expect(queued.code).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    const workerArgs = [
      'worker',
      '--store',
      servers.postgres.url,
      ...queue,
      '--base-url',
      servers.sandbox.url,
      '--concurrency',
      '2',
    ];
    const workers = [startCli(workerArgs, env), startCli(workerArgs, env)];
    await Promise.all(workers.map(({ child }) => waitForLine(child, /reading jobs/)));
    const done = async () => ((await windowCounts(servers.postgres.url)).done ?? 0) - doneBefore;
    expect(await eventually(async () => (await done()) >= 6, 30_000)).toBe(true);
    await servers.postgres.restart();
    const allDone = () => eventually(async () => (await done()) === total, 40_000);
    if (!(await allDone())) {
      expect((await runCli(args(users, queue), env)).code).toBe(0);
      expect(await allDone()).toBe(true);
    }
    for (const worker of workers) expect(worker.child.exitCode).toBeNull();
    await expectTruth(users);
    for (const worker of workers) {
      await stop(worker.child, 'SIGTERM');
      const ended = await worker.result;
      expect(ended.code).toBe(0);
      noStack(ended.stderr);
    }
  }, 180_000);
});
