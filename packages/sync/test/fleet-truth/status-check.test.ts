// Issue 44: what svc-sync tells of the fleet is measured against the day asked for, and `status --check`
// gives cron an exit code: failures exit 5 until they are retried or cleared, stale work exits 9.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { startFaultProxy } from '../fixtures/fault-proxy.js';
import { runCli } from '../fixtures/processes.js';

const KEY = 'sk_test_fleet_truth';
const env = { SVC_API_KEY: KEY };
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// The service's clock is this machine's, frozen when the sandbox starts: "today" is today.
const NOW = Date.now();
const sandbox = cliSandbox('sync-fleet-truth', ['--start-time', new Date(NOW).toISOString()]);
const YESTERDAY = dayOf(NOW - DAY_MS);
const RANGE = { from: dayOf(NOW - 4 * DAY_MS), to: YESTERDAY };

interface StatusJson {
  targetDay: string;
  failed: number;
  failedUsers: number;
  users: { total: number; complete: number; behind: number };
  resources: Record<string, { users: number; complete: number; behind: number; lagMs: number | null }>;
  problems?: { kind: string }[];
}
const statusJson = async (store: string, ...args: string[]) => {
  const run = await runCli(['status', '--store', store, '--json', ...args]);
  return { code: run.code, status: JSON.parse(run.stdout) as StatusJson, stderr: run.stderr };
};

describe('issue 44: the fleet tells the truth', () => {
  it('issue 44: a complete backfill to yesterday reads current, in its last line and in status', async () => {
    const store = `sqlite:${join(sandbox.dir, 'current.db')}`;
    const run = await runCli(backfillArgs(store, sandbox.url, ['alice', 'bob'], RANGE), env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^done: .*; asked ${RANGE.from}\\.\\.${YESTERDAY}: 2 of 2 users complete to ${YESTERDAY}$`,
        'm',
      ),
    );
    // Read later, and by default (every day before today stored), it is still current: nothing behind.
    const { code, status } = await statusJson(store, '--check', '--max-behind', '1m');
    expect(code).toBe(0);
    expect(status.targetDay).toBe(YESTERDAY);
    expect(status.users).toMatchObject({ total: 2, complete: 2, behind: 0 });
    expect(status.resources.steps).toMatchObject({ users: 2, complete: 2, behind: 0, lagMs: 0 });
    expect(status.resources.sleep).toMatchObject({ users: 2, complete: 2, behind: 0, lagMs: 0 });
    // Asked about today, which is not over, the same store is behind by the hours of today so far.
    const today = await statusJson(store, '--to', dayOf(NOW), '--check', '--max-behind', '1m');
    expect(today.status.users).toMatchObject({ complete: 0, behind: 2 });
    expect(today.code).toBe(NOW % DAY_MS > 60_000 ? 9 : 0);
  });

  it('issue 44: status --check exits 5 on a failed user until it is cleared, printing what was cleared', async () => {
    const store = `sqlite:${join(sandbox.dir, 'cleared.db')}`;
    const run = await runCli(backfillArgs(store, sandbox.url, ['alice', 'unknown_ghost'], RANGE), env);
    expect(run.code).toBe(5);
    expect(run.stdout).toMatch(
      /^done_with_failures: .*; users failed: unknown_ghost \(svc-sync status --failed\);/m,
    );
    // Listing failures is not a check: exit 0.
    expect((await runCli(['status', '--store', store, '--failed'])).code).toBe(0);
    const failing = await runCli(['status', '--store', store, '--check']);
    expect(failing.code).toBe(5);
    expect(failing.stderr).toBe('svc-sync: check: 1 users failed to resolve\n');

    const refused = await runCli(['clear', '--store', store]);
    expect(refused.code).toBe(2);
    const cleared = await runCli(['clear', '--store', store, '--users', 'unknown_ghost']);
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toMatch(
      /^cleared user unknown_ghost: NotFoundError \(404\): .+\ncleared 1 users and 0 windows\n$/,
    );
    const { code, status } = await statusJson(store, '--check');
    expect(code).toBe(0);
    expect(status).toMatchObject({ failedUsers: 0, users: { total: 1, complete: 1 }, problems: [] });
  });

  it('issue 44: status --check exits 5 on failed windows, 0 once retry has read them; a user who succeeds is no longer failed', async () => {
    const store = `sqlite:${join(sandbox.dir, 'retried.db')}`;
    const proxy = await startFaultProxy(sandbox.url);
    try {
      proxy.rule.current = (path) => (path.includes('/steps/') ? { status: 422 } : undefined);
      const run = await runCli(backfillArgs(store, proxy.url, ['carol', 'dora'], RANGE), env);
      expect(run.code).toBe(5);
      const failing = await statusJson(store, '--check');
      expect(failing.code).toBe(5);
      expect(failing.status.failed).toBeGreaterThan(0);
      expect(failing.status.resources.steps).toMatchObject({ users: 2, complete: 0, behind: 2 });
      expect(failing.stderr).toMatch(/^svc-sync: check: \d+ windows failed for good$/m);

      // The service is fixed: retry reads carol's failed windows again (only hers).
      proxy.rule.current = undefined;
      const carol = await runCli(
        ['retry', '--store', store, '--users', 'carol', '--base-url', proxy.url],
        env,
      );
      expect(carol.code).toBe(0);
      expect(carol.stdout).toMatch(/^retrying window carol steps \S+ \S+\.\.\S+$/m);
      expect(carol.stdout).not.toMatch(/dora/);
      expect(carol.stdout).toMatch(
        /^windows: done: \d+ windows stored, 0 queued, 0 failed, 0 left for the next run$/m,
      );
      const half = await statusJson(store, '--check');
      expect(half.code).toBe(5);
      expect(half.status.resources.steps).toMatchObject({ complete: 1, behind: 1 });

      const all = await runCli(['retry', '--store', store, '--base-url', proxy.url], env);
      expect(all.code).toBe(0);
      const { code, status } = await statusJson(store, '--check', '--max-behind', '1m');
      expect(code).toBe(0);
      expect(status).toMatchObject({ failed: 0, users: { total: 2, complete: 2, behind: 0 } });
      expect((await runCli(['retry', '--store', store, '--base-url', proxy.url], env)).stdout).toBe(
        'nothing to retry: no failure matches\n',
      );
    } finally {
      await proxy.close();
    }
  });

  it('issue 44: retry with --from and --to resolves a failed user again, and a user who succeeds is no longer failed', async () => {
    const store = `sqlite:${join(sandbox.dir, 'user-retried.db')}`;
    const proxy = await startFaultProxy(sandbox.url);
    try {
      proxy.rule.current = (path) => (path.includes('/user/resolve/fay') ? { status: 404 } : undefined);
      expect((await runCli(backfillArgs(store, proxy.url, ['fay'], RANGE), env)).code).toBe(5);
      proxy.rule.current = undefined;
      const windowsOnly = await runCli(['retry', '--store', store, '--base-url', proxy.url], env);
      expect(windowsOnly.code).toBe(5);
      expect(windowsOnly.stdout).toMatch(/^not retried: 1 failed users \(give --from and --to/m);
      const run = await runCli(
        ['retry', '--store', store, '--base-url', proxy.url, '--from', RANGE.from, '--to', RANGE.to],
        env,
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^retrying user fay\nusers: done: \d+ windows stored/m);
    } finally {
      await proxy.close();
    }
    const { code, status } = await statusJson(store, '--check');
    expect(code).toBe(0);
    expect(status).toMatchObject({ failedUsers: 0, users: { total: 1, complete: 1 } });
  });

  it('issue 44: status --check exits 9 when pending work waited past --max-pending-age, naming it by client user id', async () => {
    const store = `sqlite:${join(sandbox.dir, 'pending.db')}`;
    const proxy = await startFaultProxy(sandbox.url);
    try {
      proxy.rule.current = (path) => (path.includes('/sleep/') ? { status: 429 } : undefined);
      const run = await runCli(
        [...backfillArgs(store, proxy.url, ['erin'], RANGE), '--max-attempts', '1', '--max-backoff-ms', '10'],
        env,
      );
      expect(run.code).toBe(4);
    } finally {
      await proxy.close();
    }
    expect((await runCli(['status', '--store', store, '--check', '--max-pending-age', '1d'])).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stale = await runCli(['status', '--store', store, '--check', '--max-pending-age', '10ms']);
    expect(stale.code).toBe(9);
    expect(stale.stderr).toMatch(
      /^svc-sync: check: sleep: \d+ windows pending, planned since \S+ \(oldest days: erin /m,
    );
    expect(stale.stdout).toMatch(/^sleep: .*oldest pending erin \S+ \S+\.\.\S+, waiting /m);
    const bad = await runCli(['status', '--store', store, '--check', '--max-pending-age', 'soon']);
    expect({ code: bad.code, stderr: bad.stderr }).toEqual({
      code: 2,
      stderr: 'svc-sync: --max-pending-age must be a duration such as 30m, 6h or 2d (got "soon")\n',
    });
  });
});
