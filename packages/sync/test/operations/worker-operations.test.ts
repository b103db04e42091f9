// Issue 44: `svc-sync worker --metrics-port` serves /healthz, /readyz (its PostgreSQL and its Redis) and
// /metrics (what it ran, what the store holds, the queue's depth); `--log json` makes every line it says JSON.
import { generateWebhookSecret } from '@svc/events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { scopeArgs } from '../fixtures/cli-args.js';
import { fleetServers, until } from '../fixtures/fleet-servers.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { scrape } from '../fixtures/prometheus-text.js';
import { startRedis } from '../fixtures/servers.js';

const KEY = 'sk_test_worker_ops';
const servers = fleetServers('sync-worker-ops');
const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: generateWebhookSecret() };

/** A database of this test's own on the file's PostgreSQL, so what the worker counts is all the store holds. */
async function freshStore(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: servers.postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return servers.postgres.url.replace(/\/postgres$/, `/${name}`);
}

interface StatusJson {
  rows: Record<string, number>;
  pending: number;
}

const sum = (values: { value: number }[]) => values.reduce((total, { value }) => total + value, 0);

describe('svc-sync worker: health, readiness, metrics and JSON logs', () => {
  it('counts the windows and rows it stored, as the store does, and follows its Redis', async () => {
    const store = await freshStore('worker_ops');
    const fleet = ['--store', store, '--redis', servers.redis.url, '--base-url', servers.sandbox.url];
    const queued = await runCli(
      ['backfill', ...fleet, ...scopeArgs(['w-1', 'w-2'], { from: '2025-11-01', to: '2025-12-31' })],
      env,
    );
    expect(queued.code).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    expect(total).toBeGreaterThan(4);

    const worker = startCli(['worker', ...fleet, '--metrics-port', '0', '--log', 'json'], env);
    const port = Number(await waitForLine(worker.child, /"event":"metrics".*"port":(\d+)/));
    const url = `http://127.0.0.1:${port}`;
    await until(
      async () => {
        const metrics = await scrape(`${url}/metrics`);
        return sum(metrics.samples('svc_sync_windows_total')) === total;
      },
      120_000,
      'every queued window run',
    );
    const metrics = await scrape(`${url}/metrics`);
    const status = JSON.parse(
      (await runCli(['status', '--store', store, '--json'], env)).stdout,
    ) as StatusJson;
    expect(status.pending).toBe(0);
    // Every window done, and every row it committed is a row the store holds (a fresh store).
    expect(sum(metrics.samples('svc_sync_windows_total').filter((s) => s.labels.outcome === 'done'))).toBe(
      total,
    );
    for (const resource of ['steps', 'sleep']) {
      expect(metrics.value('svc_sync_rows_total', { resource })).toBe(status.rows[resource]);
      expect(metrics.value('svc_sync_stored_rows', { resource })).toBe(status.rows[resource]);
    }
    expect(sum(metrics.samples('svc_sync_requests_total'))).toBeGreaterThanOrEqual(total);
    expect(metrics.value('svc_sync_queue_jobs', { state: 'wait' })).toBe(0);

    // Only the operation routes, GET and HEAD.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'DELETE' })).status).toBe(405);
    expect((await (await fetch(`${url}/readyz`)).json()) as object).toEqual({
      status: 'ready',
      checks: { store: 'ok', redis: 'ok' },
    });

    // Redis stopped: not ready (the process itself is healthy); started again on its port: ready.
    const redisPort = Number(new URL(servers.redis.url).port);
    await servers.redis.stop();
    const down = await fetch(`${url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'not ready', checks: { store: 'ok', redis: 'unreachable' } });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    servers.redis = await startRedis(redisPort);
    await until(
      async () => (await fetch(`${url}/readyz`)).status === 200,
      30_000,
      'ready after Redis is back',
    );

    await stop(worker.child, 'SIGTERM');
    const ended = await worker.result;
    expect(ended.code).toBe(0);
    // Every line on stdout is one JSON object, and the worker's start and its outage are among them.
    const lines = ended.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines)
      expect(line).toMatchObject({
        time: expect.any(String),
        level: expect.any(String),
        pid: worker.child.pid,
      });
    expect(lines.map((line) => line.event)).toContain('started');
    expect(lines.find((line) => line.event === 'outage')).toMatchObject({ level: 'warn' });
    expect(ended.stdout).not.toContain(KEY);
  });

  it('stops with 0 on SIGTERM within the 5 s a stop is given, though its Redis stopped answering', async () => {
    const store = await freshStore('worker_frozen');
    const fleet = ['--store', store, '--redis', servers.redis.url, '--base-url', servers.sandbox.url];
    const worker = startCli(['worker', ...fleet, '--metrics-port', '0', '--log', 'json'], env);
    await waitForLine(worker.child, /"event":"started"/);
    // Frozen, its sockets open: a QUIT sent to it is never answered (as while a connection reconnects).
    const redisPid = servers.redis.pid() as number;
    process.kill(redisPid, 'SIGSTOP');
    try {
      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      const ended = await worker.result;
      expect({ code: ended.code, stderr: ended.stderr }).toEqual({ code: 0, stderr: '' });
      // Not the CLI's forced exit five seconds after the signal.
      expect(Date.now() - signalled).toBeLessThan(4_900);
    } finally {
      process.kill(redisPid, 'SIGCONT');
    }
  }, 60_000);
});
