// Issue 48: the console's runs view shows a running `svc-sync worker` and the webhook receiver live,
// from the heartbeat rows they write into the store: the worker reading a queued backfill (its windows
// done, rows, concurrency and the queue's depth), the receiver running, both "stopped" once they end,
// and a heartbeat its process left behind (killed) shown stopped, not running.
import { launchChromium, wcagViolations } from '@svc/tools/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import type { StoreMaintenance } from '../../src/stores/store-maintenance.js';
import { scopeArgs } from '../fixtures/cli-args.js';
import { fleetServers } from '../fixtures/fleet-servers.js';
import { runCli, startCli, stop, waitForLine } from '../fixtures/processes.js';

const env = { SVC_API_KEY: 'sk_test_console_live' };
const servers = fleetServers('sync-console-live');

let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
});

/** The runs table as the page shows it: one object per row, by its data-field cells. */
const runsOf = (page: Page) =>
  page.$$eval('#runs tbody tr', (rows) =>
    rows.map((row) => ({
      kind: row.getAttribute('data-kind'),
      run: row.querySelector('th')?.textContent ?? '',
      ...Object.fromEntries(
        [...row.querySelectorAll('td[data-field]')].map((cell) => [
          cell.getAttribute('data-field'),
          cell.textContent,
        ]),
      ),
    })),
  );

describe('svc-sync serve: live runs', () => {
  it("shows a running worker's and receiver's heartbeats, then each stopped, and a killed process's as stopped", async () => {
    const common = ['--store', servers.postgres.url, '--base-url', servers.sandbox.url];
    const queued = await runCli(
      [
        'backfill',
        ...common,
        '--redis',
        servers.redis.url,
        ...scopeArgs(['cl-a', 'cl-b'], { from: '2025-12-01', to: '2025-12-20' }),
      ],
      env,
    );
    expect(queued.code, queued.stderr).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    expect(total).toBeGreaterThan(0);

    const serve = startCli(['serve', '--store', servers.postgres.url, '--port', '0']);
    const url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('body[data-state="ready"]');
    const runOf = async (kind: string) => (await runsOf(page)).find((run) => run.kind === kind);

    const worker = startCli(['worker', ...common, '--redis', servers.redis.url, '--concurrency', '2'], env);
    await waitForLine(worker.child, /reading jobs/);
    // Running, with the queue's depth beside it, while it works.
    await expect
      .poll(async () => (await runOf('worker'))?.state, { timeout: 30_000, interval: 500 })
      .toBe('running');
    const running = await runOf('worker');
    expect(running?.run).toBe(`worker ${worker.child.pid}`);
    // The queue's depth as Redis counted it at the beat (a number, not the dash of a run without one).
    expect(running?.queueWaiting).toMatch(/^\d+$/);
    expect(running?.queueActive).toMatch(/^\d+$/);
    // The queue drained: every window the backfill queued is done, rows stored, nothing waiting.
    await expect
      .poll(async () => (await runOf('worker'))?.windowsDone, { timeout: 60_000, interval: 500 })
      .toBe(String(total));
    await expect
      .poll(async () => (await runOf('worker'))?.queueWaiting, { timeout: 10_000, interval: 500 })
      .toBe('0');
    expect(Number((await runOf('worker'))?.rows)).toBeGreaterThan(0);
    await stop(worker.child);
    await expect
      .poll(async () => (await runOf('worker'))?.state, { timeout: 10_000, interval: 500 })
      .toBe('stopped');
    expect((await runOf('worker'))?.windowsDone).toBe(String(total));

    const receiver = startCli(['webhooks', ...common, '--secret', 'whsec_console_live', '--port', '0'], env);
    await waitForLine(receiver.child, /http:\/\/\S+/);
    await expect
      .poll(async () => (await runOf('webhooks'))?.state, { timeout: 30_000, interval: 500 })
      .toBe('running');
    expect((await runOf('webhooks'))?.run).toBe(`receiver ${receiver.child.pid}`);
    await stop(receiver.child);
    await expect
      .poll(async () => (await runOf('webhooks'))?.state, { timeout: 10_000, interval: 500 })
      .toBe('stopped');

    // A worker killed mid-run leaves its last heartbeat, unfinished: two minutes on, it is stopped.
    const store = (await openStore(servers.postgres.url)) as Awaited<ReturnType<typeof openStore>> &
      StoreMaintenance;
    const at = new Date(Date.now() - 120_000).toISOString();
    await store.writeMeta(
      `run:${at}:killed01`,
      JSON.stringify({
        kind: 'worker',
        started: at,
        pid: 999_999,
        at,
        progress: {
          users: { planned: 0, failed: 0, deferred: 0, erased: 0, failedIds: [] },
          windows: { planned: 3, done: 1, failed: 0, deferred: 0, queued: 0, alreadyQueued: 0 },
          points: 5,
          requests: 3,
          rateLimited: 0,
          requestsPerSecond: 1,
          concurrency: 2,
          elapsedMs: 3_000,
          finished: false,
        },
      }),
    );
    await store.close();
    await expect
      .poll(async () => (await runsOf(page)).find((run) => run.run === 'worker 999999')?.state, {
        timeout: 10_000,
        interval: 500,
      })
      .toMatch(/^stopped: no heartbeat for 2m \ds$/);

    // The runs view filled (three runs, the chart drawn) keeps to WCAG 2.1 AA too.
    const violations = await wcagViolations(page);
    expect(violations).toEqual([]);
  });
});
