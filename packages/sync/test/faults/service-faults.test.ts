// Issue 32: the service's bad moments, against the sandbox server and the CLI as a child process. Each
// ends with the same check: after at most one rerun, the rows equal the sandbox's truth exactly.
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { type FaultProxy, startFaultProxy } from '../fixtures/fault-proxy.js';
import { runCli, startCli, startSandboxServer, stop } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows, windowCounts } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_faults';
const env = { SVC_API_KEY: KEY };
const sandbox = cliSandbox('sync-faults');
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(sandbox.url);
});
afterAll(() => proxy?.close());

const RANGE = { from: '2025-12-01', to: '2025-12-28' };
/** Tight but bounded retries, so a fault outlasts them in well under a second. */
const FAST = ['--max-attempts', '3', '--max-backoff-ms', '100'];
const backfill = (store: string, users: string[], baseUrl: string, range = RANGE) => [
  ...backfillArgs(store, baseUrl, users, range),
  ...FAST,
];
const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

async function expectTruth(store: string, users: string[], baseUrl: string, range = RANGE) {
  const client = createClient({ apiKey: KEY, baseUrl });
  const truth = await sandboxTruth(client, users, ['steps', 'sleep'], range.from, range.to);
  expect(truth.size).toBeGreaterThan(0);
  expect(await storedRows(store)).toEqual(truth);
}

/** The same command run again completes (exit 0), and the rows equal the sandbox's exactly. */
async function expectRerunExact(store: string, users: string[], baseUrl: string) {
  const rerun = await runCli(backfill(store, users, baseUrl), env);
  expect(rerun.code).toBe(0);
  await expectTruth(store, users, baseUrl);
}

describe('issue 32: faults of the service', () => {
  it('the service down mid-run: exit 7 with one line, and the rerun once it is back stores exactly its rows', async () => {
    const own = await startSandboxServer('sync-faults-down');
    const port = Number(new URL(own.url).port);
    const store = `sqlite:${join(sandbox.dir, 'down.db')}`;
    const users = Array.from({ length: 6 }, (_, i) => `down-${i}`);
    const first = startCli([...backfill(store, users, own.url), '--concurrency', '2'], env);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const counts: Record<string, number> = await windowCounts(store).catch(() => ({}));
      if ((counts.done ?? 0) >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stop(own.child, 'SIGKILL');
    const down = await first.result;
    expect(down.code).toBe(7);
    expect(down.stdout).toMatch(/^incomplete:/);
    expect(down.stderr).toMatch(
      /^svc-sync: the service could not be reached \(.+\); run the same command again to resume where it stopped$/m,
    );
    noStack(down.stderr);

    const back = await startSandboxServer('sync-faults-down', [], port);
    await expectRerunExact(store, users, back.url);
  }, 90_000);

  it('a burst of 5xx past every retry: exit 7 naming it, then the rerun completes exactly', async () => {
    const store = `sqlite:${join(sandbox.dir, 'burst.db')}`;
    const users = ['burst-a', 'burst-b'];
    proxy.rule.current = () => ({ status: 500 });
    const burst = await runCli(backfill(store, users, proxy.url), env);
    proxy.rule.current = undefined;
    expect(burst.code).toBe(7);
    expect(burst.stderr).toMatch(/^svc-sync: the service kept failing \(.+\); run the same command again/m);
    expect(burst.stderr).not.toMatch(/rate limited/);
    noStack(burst.stderr);
    await expectRerunExact(store, users, proxy.url);
  }, 60_000);

  it('a huge Retry-After is waited out within the bounds, with no timer overflow', async () => {
    const store = `sqlite:${join(sandbox.dir, 'retry-after.db')}`;
    const users = ['patient-a'];
    let refusals = 1;
    proxy.rule.current = (path) =>
      !path.includes('/user/resolve/') && refusals-- > 0
        ? { status: 429, headers: { 'retry-after': '99999999999' } }
        : undefined;
    const run = startCli([...backfill(store, users, proxy.url), '--max-attempts', '5'], env);
    const timer = setTimeout(() => run.child.kill('SIGKILL'), 40_000);
    const result = await run.result;
    clearTimeout(timer);
    proxy.rule.current = undefined;
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/TimeoutOverflowWarning/);
    await expectTruth(store, users, proxy.url);
  }, 60_000);

  it('one refused user id in the list is recorded as failed, and every other user is stored', async () => {
    const store = `sqlite:${join(sandbox.dir, 'refused.db')}`;
    const run = await runCli(backfill(store, ['ok-a', '../../etc/passwd', 'ok-b'], sandbox.url), env);
    expect(run.code).toBe(5);
    expect(run.stdout).toMatch(/^done_with_failures:/);
    noStack(run.stderr);
    await expectTruth(store, ['ok-a', 'ok-b'], sandbox.url);
    const status = await runCli(['status', '--store', store, '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ failedUsers: 1, pending: 0 });
  }, 60_000);

  it.each([401, 403])(
    'the key refused (%i): exit 6 with one line at once, and the rerun once the key is accepted completes exactly',
    async (code) => {
      const store = `sqlite:${join(sandbox.dir, `refused-key-${code}.db`)}`;
      const users = [`key-${code}-a`, `key-${code}-b`];
      proxy.rule.current = (path) => (path.includes('/user/resolve/') ? undefined : { status: code });
      const faultsBefore = proxy.faults;
      const refused = await runCli(backfill(store, users, proxy.url), env);
      proxy.rule.current = undefined;
      expect(refused.code).toBe(6);
      // Progress lines aside (stderr is not a terminal), one line says why.
      const said = refused.stderr.split('\n').filter((line) => line.startsWith('svc-sync:'));
      expect(said).toEqual([
        expect.stringMatching(new RegExp(`^svc-sync: the service refused the API key: .*${code}`)),
      ]);
      expect(refused.stderr).not.toContain(KEY);
      // It stopped at once: no retries of a refused key, one refusal per window already in flight at most.
      expect(proxy.faults - faultsBefore).toBeLessThanOrEqual(8);
      await expectRerunExact(store, users, proxy.url);
    },
    60_000,
  );

  it('SIGTERM mid-run: exit 130 with one line, and the rerun stores exactly the rows', async () => {
    const store = `sqlite:${join(sandbox.dir, 'sigterm.db')}`;
    const users = Array.from({ length: 12 }, (_, i) => `term-${i}`);
    // Its own sandbox, stopped by PID at the end; a dozen users keep the run going well past the signal.
    const own = await startSandboxServer('sync-faults-term');
    const running = startCli([...backfill(store, users, own.url), '--concurrency', '2'], env);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const counts: Record<string, number> = await windowCounts(store).catch(() => ({}));
      if ((counts.done ?? 0) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    running.child.kill('SIGTERM');
    const stopped = await running.result;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/^svc-sync: interrupted; run the same command again to resume$/m);
    expect(stopped.stdout).not.toMatch(/^done/m);
    noStack(stopped.stderr);
    await expectRerunExact(store, users, own.url);
    await stop(own.child);
  }, 90_000);

  it("reads up to the service's clock when it is a day ahead of the machine's", async () => {
    // The service's day: tomorrow here, frozen at 20:00 so the day holds 20 hourly points.
    const ahead = new Date(Date.now() + 86_400_000);
    const serviceDay = ahead.toISOString().slice(0, 10);
    const own = await startSandboxServer('sync-faults-clock', [
      '--start-time',
      `${serviceDay}T20:00:00.000Z`,
    ]);
    const store = `sqlite:${join(sandbox.dir, 'clock.db')}`;
    const range = { from: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10), to: serviceDay };
    const run = await runCli(backfill(store, ['clock-a'], own.url, range), env);
    expect(run.code).toBe(0);
    // Asked up to the service's today, the run is complete to its end time there.
    expect(run.stdout).toMatch(new RegExp(`asked \\S+: 1 of 1 users complete to ${serviceDay}T20:00`));
    await expectTruth(store, ['clock-a'], own.url, range);
    await stop(own.child);
  }, 60_000);
});
