// Issue 44: the receiver's operation routes. /healthz and /readyz need no secret; /readyz follows the
// store and Redis it works with (stopped, then restarted); /metrics is Prometheus text whose store
// figures are the ones `status --json` prints for the same store.
import { generateWebhookSecret } from '@svc/events';
import { describe, expect, it } from 'vitest';
import { fleetServers, until } from '../fixtures/fleet-servers.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';
import { scrape } from '../fixtures/prometheus-text.js';
import { startRedis } from '../fixtures/servers.js';

const KEY = 'sk_test_receiver_ops';
const servers = fleetServers('sync-receiver-ops');
const env = { SVC_API_KEY: KEY, SVC_WEBHOOK_SECRET: generateWebhookSecret() };

interface StatusJson {
  failedUsers: number;
  resources: Record<
    string,
    {
      rows: number;
      pending: number;
      failed: number;
      users: number;
      complete: number;
      behind: number;
      lagMs: number | null;
      holes: { pendingDays: number; failedDays: number };
    }
  >;
}

const readyOf = async (url: string) => {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
};

describe('svc-sync webhooks: health, readiness and metrics', () => {
  it('answers /healthz without the secret, refuses other methods, and serves deliveries as before', async () => {
    const receiver = startCli(
      ['webhooks', '--store', servers.postgres.url, '--port', '0', '--base-url', servers.sandbox.url],
      env,
    );
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${url}/healthz`, { method: 'HEAD' })).status).toBe(200);
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const posted = await fetch(`${url}${path}`, { method: 'POST', body: '{}' });
      expect(posted.status).toBe(405);
      expect(posted.headers.get('allow')).toBe('GET, HEAD');
    }
    // Elsewhere, as before: a GET is not a delivery (405), an unsigned POST is refused (400).
    expect((await fetch(`${url}/hooks`)).status).toBe(405);
    expect((await fetch(`${url}/hooks`, { method: 'POST', body: '{}' })).status).toBe(400);
    await stop(receiver.child, 'SIGTERM');
    const ended = await receiver.result;
    expect(ended.code).toBe(0);
    // Probes are not deliveries: only the two refused requests to /hooks are logged.
    expect(ended.stdout.split('\n').filter((line) => / (400|405) /.test(line))).toHaveLength(2);
  });

  it('publishes the store figures status --json prints, as Prometheus text, with no user id in a label', async () => {
    const backfill = await runCli(
      [
        'backfill',
        '--store',
        servers.postgres.url,
        '--users',
        'ops-alice,unknown_ghost',
        '--resources',
        'steps,sleep',
        '--from',
        '2025-12-20',
        '--to',
        '2026-01-05',
        '--base-url',
        servers.sandbox.url,
      ],
      env,
    );
    expect(backfill.code).toBe(5);
    const receiver = startCli(
      ['webhooks', '--store', servers.postgres.url, '--port', '0', '--base-url', servers.sandbox.url],
      env,
    );
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
    const metrics = await scrape(`${url}/metrics`);
    const status = JSON.parse(
      (await runCli(['status', '--store', servers.postgres.url, '--json'], env)).stdout,
    ) as StatusJson;

    expect(metrics.value('svc_sync_store_up')).toBe(1);
    expect(metrics.value('svc_sync_failed_users')).toBe(status.failedUsers);
    expect(status.failedUsers).toBe(1);
    expect(status.resources.sleep?.rows).toBeGreaterThan(0);
    expect(status.resources.steps?.rows).toBeGreaterThan(0);
    for (const [resource, figures] of Object.entries(status.resources)) {
      expect(metrics.value('svc_sync_stored_rows', { resource })).toBe(figures.rows);
      expect(metrics.value('svc_sync_pending_windows', { resource })).toBe(figures.pending);
      expect(metrics.value('svc_sync_failed_windows', { resource })).toBe(figures.failed);
      expect(metrics.value('svc_sync_users', { resource })).toBe(figures.users);
      expect(metrics.value('svc_sync_users_complete', { resource })).toBe(figures.complete);
      expect(metrics.value('svc_sync_users_behind', { resource })).toBe(figures.behind);
      expect(metrics.value('svc_sync_owed_days', { resource, state: 'pending' })).toBe(
        figures.holes.pendingDays,
      );
      expect(metrics.value('svc_sync_owed_days', { resource, state: 'failed' })).toBe(
        figures.holes.failedDays,
      );
      // A resource with nothing to compare has no lag sample, as status --json says null.
      expect(metrics.value('svc_sync_lag_seconds', { resource })).toBe(
        figures.lagMs === null ? undefined : figures.lagMs / 1000,
      );
    }
    // The sandbox's days are long past on this machine's clock: the user stored is behind, by the worst lag.
    expect(metrics.value('svc_sync_users_behind', { resource: 'sleep' })).toBe(1);
    expect(metrics.value('svc_sync_lag_seconds', { resource: 'sleep' })).toBeGreaterThan(0);
    expect(metrics.type('svc_sync_windows_total')).toBe('counter');
    expect(metrics.type('svc_sync_lag_seconds')).toBe('gauge');
    const labelled = [
      'svc_sync_stored_rows',
      'svc_sync_pending_windows',
      'svc_sync_failed_windows',
      'svc_sync_lag_seconds',
      'svc_sync_windows_total',
    ].flatMap((name) => metrics.samples(name).map((sample) => JSON.stringify(sample.labels)));
    for (const labels of labelled) expect(labels).not.toMatch(/ops-alice|unknown_ghost|user/);
    await stop(receiver.child, 'SIGTERM');
    expect((await receiver.result).code).toBe(0);
  });

  it('is not ready while its PostgreSQL or its Redis is stopped, and ready again once each is back', async () => {
    const receiver = startCli(
      [
        'webhooks',
        '--store',
        servers.postgres.url,
        '--redis',
        servers.redis.url,
        '--port',
        '0',
        '--base-url',
        servers.sandbox.url,
      ],
      env,
    );
    const url = await waitForLine(receiver.child, /listening on (http:\/\/\S+)/);
    expect(await readyOf(url)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { store: 'ok', redis: 'ok' } },
    });
    expect((await scrape(`${url}/metrics`)).samples('svc_sync_queue_jobs').length).toBeGreaterThan(0);

    // PostgreSQL stopped: the probe made while it is down fails; once it is back, ready again.
    let whileDown: Promise<Awaited<ReturnType<typeof readyOf>>> | undefined;
    await servers.postgres.restart(3_000, () => {
      whileDown = readyOf(url);
    });
    expect(await whileDown).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { store: 'unreachable', redis: 'ok' } },
    });
    await until(async () => (await readyOf(url)).status === 200, 30_000, 'ready after PostgreSQL is back');

    // Redis stopped, then started again on the same port.
    const port = Number(new URL(servers.redis.url).port);
    await servers.redis.stop();
    expect(await readyOf(url)).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { store: 'ok', redis: 'unreachable' } },
    });
    // /metrics still answers while Redis is away: the store's figures, no queue figure.
    expect((await scrape(`${url}/metrics`)).value('svc_sync_store_up')).toBe(1);
    servers.redis = await startRedis(port);
    await until(async () => (await readyOf(url)).status === 200, 30_000, 'ready after Redis is back');
    expect(await readyOf(url)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { store: 'ok', redis: 'ok' } },
    });
    await stop(receiver.child, 'SIGTERM');
  });
});
