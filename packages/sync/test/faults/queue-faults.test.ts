// Issue 32: faults around BullMQ, against Redis, PostgreSQL, the sandbox server and the CLI as child
// processes: Redis bounced under a worker (its jobs lost with it), a worker stopped while Redis is down.
import { createClient } from '@svc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runCli,
  startCli,
  startSandboxServer,
  stop,
  stopChildren,
  waitForLine,
} from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox.js';
import { freePort, type RunningServer, startPostgres, startRedis } from '../fixtures/servers.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_queue_faults';
const env = { SVC_API_KEY: KEY };
let postgres: RunningServer;
let redis: RunningServer;
let baseUrl: string;
beforeAll(async () => {
  [postgres, redis, { url: baseUrl }] = await Promise.all([
    startPostgres(),
    startRedis(),
    startSandboxServer('sync-queue-faults'),
  ]);
});
afterAll(async () => {
  await stopChildren();
  await Promise.all([postgres?.stop(), redis?.stop()]);
});

const USERS = ['qf-a', 'qf-b', 'qf-c'];
const RANGE = { from: '2025-11-15', to: '2025-12-31' };
const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('issue 32: faults around the queue', () => {
  it('Redis bounced under a worker: one line, no stack; the rerun queues exactly what is still owed; rows exact', async () => {
    const common = ['--store', postgres.url, '--redis', redis.url, '--base-url', baseUrl];
    const backfill = [
      'backfill',
      ...common,
      '--users',
      USERS.join(','),
      '--resources',
      'steps,sleep',
      '--from',
      RANGE.from,
      '--to',
      RANGE.to,
    ];
    const queued = await runCli(backfill, env);
    expect(queued.code).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    expect(total).toBeGreaterThan(10);

    // Redis goes away (with the jobs it held) before any worker ran, and comes back empty.
    const port = Number(new URL(redis.url).port);
    await redis.stop();
    const worker = startCli(['worker', ...common, '--concurrency', '2', '--lock-ms', '2000'], env);
    await waitForLine(worker.child, /reading jobs/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    redis = await startRedis(port);

    // Every window is still owed in the store: the rerun queues each of them again, and says so.
    const pending = (await windowCounts(postgres.url)).pending ?? 0;
    expect(pending).toBe(total);
    const rerun = await runCli(backfill, env);
    expect(rerun.code).toBe(0);
    expect(Number(/(\d+) queued/.exec(rerun.stdout)?.[1])).toBe(pending);
    await until(async () => (await windowCounts(postgres.url)).done === total, 60_000, 'every window stored');
    const client = createClient({ apiKey: KEY, baseUrl });
    expect(await storedRows(postgres.url)).toEqual(
      await sandboxTruth(client, USERS, ['steps', 'sleep'], RANGE.from, RANGE.to),
    );

    await stop(worker.child, 'SIGTERM');
    const ended = await worker.result;
    expect(ended.code).toBe(0);
    noStack(ended.stderr);
    expect(ended.stderr.match(/^svc-sync: .*Redis.*could not be reached/gm)?.length).toBe(1);
  }, 120_000);

  it('with Redis down, backfill --redis says so in one line (exit 3) and a worker stops at the first SIGTERM', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const common = ['--store', postgres.url, '--redis', nowhere, '--base-url', baseUrl];
    const started = Date.now();
    const run = await runCli(
      [
        'backfill',
        ...common,
        '--users',
        'qf-z',
        '--resources',
        'sleep',
        '--from',
        '2025-12-01',
        '--to',
        '2025-12-31',
        '--max-attempts',
        '2',
        '--max-backoff-ms',
        '50',
      ],
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
