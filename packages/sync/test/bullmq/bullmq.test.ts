import { existsSync } from 'node:fs';
import { createClient } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { scopeArgs } from '../fixtures/cli-args.js';
import { fleetServers, until } from '../fixtures/fleet-servers.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_bullmq';
const servers = fleetServers('sync-bullmq');

const USERS = Array.from({ length: 6 }, (_, i) => `queue-${i}`);
const RANGE = { from: '2025-11-01', to: '2025-12-31' };
/** Where a worker (and a queued backfill) reads and writes: the shared store, Redis and the service. */
const fleet = () => [
  '--store',
  servers.postgres.url,
  '--redis',
  servers.redis.url,
  '--base-url',
  servers.sandbox.url,
];

describe('BullMQ workers on PostgreSQL', () => {
  it('a worker killed mid-job has its jobs read by another: nothing lost, nothing doubled', async () => {
    const env = { SVC_API_KEY: KEY };
    const common = fleet();
    const queued = await runCli(['backfill', ...common, ...scopeArgs(USERS, RANGE)], env);
    expect(queued.stderr).toBe(queued.stderr.replace(/svc-sync:/g, '')); // no error line
    expect(queued.code).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    expect(total).toBeGreaterThan(20);

    const workerArgs = ['worker', ...common, '--concurrency', '2', '--lock-ms', '2000'];
    const [a, b] = [startCli(workerArgs, env), startCli(workerArgs, env)];
    await Promise.all([a, b].map(({ child }) => waitForLine(child, /reading jobs/)));
    await until(
      async () => ((await windowCounts(servers.postgres.url)).done ?? 0) >= 6,
      60_000,
      'six windows stored',
    );
    await stop(a.child, 'SIGKILL');

    await until(
      async () => (await windowCounts(servers.postgres.url)).done === total,
      120_000,
      'every window stored',
    );
    expect(await windowCounts(servers.postgres.url)).toEqual({ done: total });
    const client = createClient({ apiKey: KEY, baseUrl: servers.sandbox.url });
    const truth = await sandboxTruth(client, USERS, ['steps', 'sleep'], RANGE.from, RANGE.to);
    expect(await storedRows(servers.postgres.url)).toEqual(truth);

    await stop(b.child, 'SIGTERM');
    expect((await b.result).code).toBe(0);
  }, 240_000);

  it("issue 32: a worker started with another team's key stops at once, in one line, exit 8, reading nothing", async () => {
    const common = fleet();
    const december = { from: '2025-12-01', to: '2025-12-31' };
    const queued = await runCli(['backfill', ...common, ...scopeArgs(['team-a-user'], december, 'sleep')], {
      SVC_API_KEY: KEY,
    });
    expect(queued.code).toBe(0);
    const before = await windowCounts(servers.postgres.url);
    expect(before.pending).toBeGreaterThan(0);
    const started = Date.now();
    const worker = await runCli(['worker', ...common], { SVC_API_KEY: 'sk_test_another_team' });
    expect(worker.code).toBe(8);
    expect(worker.stderr.trim().split('\n')).toHaveLength(1);
    expect(worker.stderr).toMatch(/^svc-sync: .* belongs to another team: .*--rebind-team/);
    expect(worker.stderr).not.toContain('sk_test_another_team');
    expect(worker.stdout).not.toMatch(/reading jobs/);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Nothing was read or recorded: the queued windows are still owed.
    expect(await windowCounts(servers.postgres.url)).toEqual(before);
  }, 60_000);

  it('refuses a worker on an embedded store, in one line', async () => {
    const run = await runCli(
      [
        'worker',
        '--store',
        'sqlite:./never-created.db',
        '--redis',
        servers.redis.url,
        '--base-url',
        servers.sandbox.url,
      ],
      {
        SVC_API_KEY: KEY,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'svc-sync: worker needs a shared store: --store postgres://user:password@host/db',
    );
    expect(existsSync('never-created.db')).toBe(false);
  });
});
