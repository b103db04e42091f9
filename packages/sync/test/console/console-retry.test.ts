// Issue 48: a retry from the console's page makes a failed user complete: the page plans the user's
// failed windows again (replanFailures, as the CLI's retry) and, with the key, reads them from the
// service (here the real sandbox over loopback); the page and status --json then agree it is complete.
import { join } from 'node:path';
import { launchChromium } from '@svc/tools/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { startFaultProxy } from '../fixtures/fault-proxy.js';
import { runCli, startCli, waitForLine } from '../fixtures/processes.js';

const KEY = 'sk_test_console_retry_0123456789';
const env = { SVC_API_KEY: KEY };
const sandbox = cliSandbox('sync-console-retry');
const range = { from: '2025-12-01', to: '2025-12-14' };
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
});

interface Status {
  failed: number;
  resources: Record<string, { complete: number; behind: number; failed: number; users: number }>;
  coverage: Record<string, { failed: number[]; complete: number[] }>;
}

describe('svc-sync serve: a run seen from the page, and a retry from it', () => {
  it('shows a finished backfill as its heartbeat row left it, and a retry from the page makes a failed user complete', async () => {
    const store = `sqlite:${join(sandbox.dir, 'retry.db')}`;
    let lastProgress = {
      finished: false,
      rows: 0,
      rateLimited: 0,
      windows: { done: 0, planned: 0, failed: 0 },
    };
    const proxy = await startFaultProxy(sandbox.url);
    try {
      // The service refuses alice's sleep for good (422): her sleep windows are recorded failed.
      proxy.rule.current = (path) => (path.includes('/sleep/') ? { status: 422 } : undefined);
      const run = await runCli(
        [
          ...backfillArgs(store, proxy.url, ['alice'], range, 'sleep'),
          '--max-attempts',
          '1',
          '--progress',
          'json',
        ],
        env,
      );
      expect(run.code, run.stderr).toBe(5);
      // The last JSON line: the run's one svc-sync: line (what failed) follows the progress.
      const json = run.stderr.split('\n').filter((line) => line.startsWith('{'));
      lastProgress = JSON.parse(json.at(-1) ?? '{}') as typeof lastProgress;
      expect(lastProgress.finished).toBe(true);
    } finally {
      await proxy.close();
    }
    const statusOf = async () => {
      const json = await runCli(['status', '--store', store, '--to', range.to, '--json'], env);
      return JSON.parse(json.stdout) as Status;
    };
    const before = await statusOf();
    expect(before.resources.sleep).toMatchObject({ users: 1, complete: 0, behind: 1 });
    expect(before.failed).toBeGreaterThan(0);

    const serve = startCli(['serve', '--store', store, '--port', '0', '--base-url', sandbox.url], env);
    const url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
    browser = await launchChromium();
    const page = await browser.newPage();
    // Complete measured to the backfill's last day, as the status --to above.
    await page.goto(`${url}/?to=${range.to}`);
    await page.waitForSelector('body[data-state="ready"]');
    // The backfill, a separate process that has ended, as its heartbeat row left it.
    await expect
      .poll(() => page.getByTestId('live').textContent())
      .toMatch(/^The newest backfill \(started .+\): finished with 2 windows failed\.$/);
    // Exit 5 is not just "finished": the row says what failed, as the run's own progress counted it.
    expect(lastProgress.windows.failed).toBe(2);
    expect(await page.locator('#runs [data-kind="backfill"] [data-field="state"]').textContent()).toBe(
      'finished with 2 windows failed',
    );
    const figure = (name: string) => page.locator(`[data-figure="${name}"]`).textContent();
    expect(await figure('429s')).toBe(String(lastProgress.rateLimited));
    expect(await figure('rows')).toBe(String(lastProgress.rows));
    expect(await figure('windows failed')).toBe(String(lastProgress.windows.failed));
    expect(await figure('windows done')).toBe(
      `${lastProgress.windows.done} of ${lastProgress.windows.planned}`,
    );
    expect(lastProgress.windows.failed).toBeGreaterThan(0);
    const failedRows = page.locator('#failed-windows tbody tr[data-client-user-id="alice"]');
    expect(await failedRows.count()).toBe(before.failed);
    await failedRows.first().getByRole('button', { name: 'Retry alice' }).click();
    await expect
      .poll(() => page.locator('#action-result').textContent())
      .toMatch(/^Planned again: \d+ windows?, 0 users; reading them now\.$/);

    // The read runs in the background: the page shows her complete once it is done.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForSelector('body[data-state="ready"]');
          const sleep = page.locator('#summary tr[data-resource="sleep"]');
          // The page reads its summary and its map in two requests, each the store as of its own read:
          // it is waited for until both have seen the last write.
          const cells = await page.$$eval('table[data-coverage="sleep"] td[data-state="complete"]', (tds) =>
            tds.map((td) => Number(td.textContent)),
          );
          return [
            await page.locator('#failed-windows tbody tr').count(),
            await sleep.locator('[data-field="complete"]').textContent(),
            await sleep.locator('[data-field="pending"]').textContent(),
            cells.length > 0 && cells.every((n) => n === 1),
          ];
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([0, '1', '0', true]);
    const after = await statusOf();
    expect(after.failed).toBe(0);
    expect(after.resources.sleep).toMatchObject({ users: 1, complete: 1, behind: 0, failed: 0 });
    const sleep = after.coverage.sleep as Status['coverage'][string];
    expect(sleep.failed.every((n) => n === 0)).toBe(true);
    expect(sleep.complete.every((n) => n === 1)).toBe(true);
    const cells = await page.$$eval('table[data-coverage="sleep"] td[data-state="complete"]', (tds) =>
      tds.map((td) => Number(td.textContent)),
    );
    expect(cells).toEqual(sleep.complete);
  });
});
