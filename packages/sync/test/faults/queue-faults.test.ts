// Issue 32: faults around BullMQ, against Redis, PostgreSQL, the sandbox server and the CLI as child
// processes: Redis bounced under a worker (its jobs lost with it), a worker stopped while Redis is down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { Queue } from 'bullmq';
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

      // The rerun queues every window still owed, the dead worker's included, and counts just those.
      const owed = (await windowCounts(servers.postgres.url)).pending ?? 0;
      expect(owed).toBeGreaterThanOrEqual(2);
      const rerun = await runCli(backfill, env);
      expect(rerun.code).toBe(0);
      expect(Number(/(\d+) queued/.exec(rerun.stdout)?.[1])).toBe(owed);
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
