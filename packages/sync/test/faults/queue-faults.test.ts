// Issue 32: faults around BullMQ, against Redis, PostgreSQL, the sandbox server and the CLI as child
// processes: Redis bounced under a worker (its jobs lost with it), jobs left failed, a worker stopped
// while Redis is down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE, redisOptions } from '../../src/bullmq.js';
import { scopeArgs } from '../fixtures/cli-args.js';
import { fleetServers, until } from '../fixtures/fleet-servers.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { freePort, startRedis } from '../fixtures/servers.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_queue_faults';
const env = { SVC_API_KEY: KEY };
const servers = fleetServers('sync-queue-faults');

/** The queue's jobs by state, read straight from Redis. */
async function jobCounts(url: string): Promise<Record<string, number>> {
  const queue = new Queue(DEFAULT_QUEUE, { connection: redisOptions(url) });
  try {
    return await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'failed');
  } finally {
    await queue.close();
  }
}

const USERS = ['qf-a', 'qf-b', 'qf-c'];
const RANGE = { from: '2025-11-15', to: '2025-12-31' };
const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

describe('issue 32: faults around the queue', () => {
  it('Redis bounced under a worker with jobs in hand: one line, no stack; the rerun queues exactly what is owed; rows exact', async () => {
    // A Redis that keeps its data across a restart, as a production one does (append-only file).
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-sync-redis-'));
    const port = await freePort();
    let kept = await startRedis(port, dataDir);
    const common = ['--store', servers.postgres.url, '--redis', kept.url, '--base-url', servers.sandbox.url];
    const backfill = ['backfill', ...common, ...scopeArgs(USERS, RANGE)];
    try {
      const queued = await runCli(backfill, env);
      expect(queued.code).toBe(0);
      const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
      expect(total).toBeGreaterThan(10);

      const worker = startCli(['worker', ...common, '--concurrency', '2', '--lock-ms', '2000'], env);
      await waitForLine(worker.child, /reading jobs/);
      await until(
        async () => ((await windowCounts(servers.postgres.url)).done ?? 0) >= 3,
        30_000,
        'three windows stored',
      );
      // The service stalls: the worker's next two jobs hang in its hands, active in Redis.
      servers.sandbox.child.kill('SIGSTOP');
      await until(async () => (await jobCounts(kept.url)).active === 2, 10_000, 'two jobs active');
      // Redis goes away under it; the worker says so once, then dies with the jobs still its own.
      await kept.stop();
      await until(async () => /could not be reached/.test(worker.output().stderr), 10_000, 'the outage line');
      await stop(worker.child, 'SIGKILL');
      servers.sandbox.child.kill('SIGCONT');
      kept = await startRedis(port, dataDir);
      const ended = await worker.result;
      noStack(ended.stderr);
      expect(ended.stderr.match(/^svc-sync: .*Redis.*could not be reached/gm)?.length).toBe(1);
      // Redis came back with its jobs: the dead worker's two are still active, their locks expired.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect((await jobCounts(kept.url)).active).toBe(2);

      // The rerun queues the dead worker's two again and counts just those; the windows whose jobs still
      // wait are counted apart, as already on the queue.
      const owed = (await windowCounts(servers.postgres.url)).pending ?? 0;
      expect(owed).toBeGreaterThanOrEqual(2);
      const rerun = await runCli(backfill, env);
      expect(rerun.code).toBe(0);
      expect(rerun.stdout).toMatch(
        owed > 2 ? new RegExp(` 2 queued, ${owed - 2} already on the queue, `) : / 2 queued, 0 failed/,
      );
      const counts = await jobCounts(kept.url);
      expect({
        waiting: (counts.wait ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
        active: counts.active,
      }).toEqual({
        waiting: owed,
        active: 0,
      });

      const reader = startCli(['worker', ...common, '--concurrency', '2'], env);
      await until(
        async () => (await windowCounts(servers.postgres.url)).done === total,
        60_000,
        'every window stored',
      );
      const client = createClient({ apiKey: KEY, baseUrl: servers.sandbox.url });
      expect(await storedRows(servers.postgres.url)).toEqual(
        await sandboxTruth(client, USERS, ['steps', 'sleep'], RANGE.from, RANGE.to),
      );
      await stop(reader.child, 'SIGTERM');
      expect((await reader.result).code).toBe(0);
    } finally {
      servers.sandbox.child.kill('SIGCONT');
      await kept.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("issue 32: jobs left in BullMQ's failed state are queued again by the rerun and their rows arrive; a rerun while they wait queues nothing and says so", async () => {
    const users = ['qf-f'];
    const december = { from: '2025-12-01', to: '2025-12-31' };
    const url = servers.redis.url;
    const common = ['--store', servers.postgres.url, '--redis', url, '--base-url', servers.sandbox.url];
    const backfill = ['backfill', ...common, ...scopeArgs(users, december)];
    const waiting = async () => {
      const counts = await jobCounts(url);
      return (counts.wait ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0);
    };
    const queued = await runCli(backfill, env);
    expect(queued.code).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    expect(total).toBeGreaterThan(4);
    // The store may hold other cases' windows: this case counts its own (queuing stores none).
    const doneBefore = (await windowCounts(servers.postgres.url)).done ?? 0;
    expect(await waiting()).toBe(total);

    // Run again while every job still waits: nothing is queued, and the count says so.
    const again = await runCli(backfill, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(`^queued: 0 windows stored, 0 queued, ${total} already on the queue, 0 failed,`, 'm'),
    );
    expect(await waiting()).toBe(total);

    // Every job fails for good (as when PostgreSQL stayed away past a job's attempts): BullMQ keeps them
    // in its failed state under their ids, and the store still owes their windows.
    const failing = new Worker(
      DEFAULT_QUEUE,
      async () => {
        throw new UnrecoverableError('the store is unavailable');
      },
      { connection: redisOptions(url) },
    );
    try {
      await until(async () => (await jobCounts(url)).failed === total, 20_000, 'every job failed');
    } finally {
      await failing.close();
    }
    expect(await waiting()).toBe(0);

    // The rerun takes each failed job's id back and queues the window again, counting exactly those.
    const rerun = await runCli(backfill, env);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toMatch(new RegExp(`^queued: 0 windows stored, ${total} queued, 0 failed,`, 'm'));
    expect(await waiting()).toBe(total);
    expect((await jobCounts(url)).failed).toBe(0);

    const reader = startCli(['worker', ...common, '--concurrency', '2'], env);
    try {
      await until(
        async () => ((await windowCounts(servers.postgres.url)).done ?? 0) - doneBefore === total,
        60_000,
        'every window stored',
      );
    } finally {
      await stop(reader.child, 'SIGTERM');
    }
    expect((await reader.result).code).toBe(0);
    const client = createClient({ apiKey: KEY, baseUrl: servers.sandbox.url });
    const ids = await Promise.all(
      users.map(async (u) => (await client.resolveUser({ client_user_id: u })).user_id),
    );
    const stored = await storedRows(servers.postgres.url);
    expect(new Map([...stored].filter(([key]) => ids.includes(key.split('|')[1] as string)))).toEqual(
      await sandboxTruth(client, users, ['steps', 'sleep'], december.from, december.to),
    );
  }, 120_000);

  it('with Redis down, backfill --redis says so in one line (exit 3) and a worker stops at the first SIGTERM', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const common = ['--store', servers.postgres.url, '--redis', nowhere, '--base-url', servers.sandbox.url];
    const started = Date.now();
    const december = { from: '2025-12-01', to: '2025-12-31' };
    const retries = ['--max-attempts', '2', '--max-backoff-ms', '50'];
    const run = await runCli(
      ['backfill', ...common, ...scopeArgs(['qf-z'], december, 'sleep'), ...retries],
      env,
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /^svc-sync: the queue at redis:\/\/127\.0\.0\.1:\d+ could not be used .*run the same command again/m,
    );
    noStack(run.stderr);
    expect(Date.now() - started).toBeLessThan(30_000);

    const worker = startCli(['worker', ...common], env);
    await waitForLine(worker.child, /reading jobs/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const asked = Date.now();
    worker.child.kill('SIGTERM');
    const ended = await worker.result;
    expect(Date.now() - asked).toBeLessThan(8_000);
    expect(ended.signal).toBeNull();
    noStack(ended.stderr);
    expect(ended.stderr).toMatch(
      /^svc-sync: worker \d+: Redis at redis:\/\/127\.0\.0\.1:\d+ could not be reached/m,
    );
  }, 60_000);
});
