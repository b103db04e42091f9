// Issues 34 and 44: svc-sync status answers the operator's questions: which users and windows failed and
// why (redacted), how many users are complete up to the day asked for, and which are behind.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { startFaultProxy } from '../fixtures/fault-proxy.js';
import { runCli } from '../fixtures/processes.js';
import { SANDBOX_NOW } from '../fixtures/sandbox.js';

const KEY = 'sk_test_status_0123456789';
const sandbox = cliSandbox('sync-status');
const env = { SVC_API_KEY: KEY };

describe('svc-sync status', () => {
  it('issue 34: --failed names a refused user with its error; --json gives the same, and how complete each resource is', async () => {
    const store = `sqlite:${join(sandbox.dir, 'status.db')}`;
    const backfill = await runCli(
      [
        'backfill',
        '--store',
        store,
        '--users',
        'alice,unknown_ghost',
        '--resources',
        'steps,sleep',
        '--from',
        '2025-12-20',
        '--to',
        '2026-01-05',
        '--base-url',
        sandbox.url,
      ],
      env,
    );
    expect(backfill.code).toBe(5);

    // The sandbox's today is 2026-01-05: complete means every day through the 4th stored.
    const text = await runCli(['status', '--store', store, '--failed', '--to', '2026-01-04'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^failed users:\n {2}unknown_ghost: NotFoundError 404: .+$/m);
    expect(text.stdout).toMatch(/^windows pending: 0, failed: 0; users failed: 1$/m);
    expect(text.stdout).toMatch(/^complete means every day stored through 2026-01-04$/m);
    expect(text.stdout).toMatch(/^sleep: 16 rows; 1 of 1 users complete; 0 windows pending, 0 failed$/m);
    expect(text.stdout).toMatch(/^steps: \d+ rows; 1 of 1 users complete; 0 windows pending, 0 failed$/m);
    expect(text.stdout).toMatch(/^1 of 1 users complete to 2026-01-04, 1 failed to resolve$/m);
    expect(text.stdout).not.toContain(KEY);

    const json = await runCli(['status', '--store', store, '--failed', '--json', '--to', '2026-01-04'], env);
    const status = JSON.parse(json.stdout) as {
      failedUsers: number;
      targetDay: string;
      resources: Record<
        string,
        {
          rows: number;
          users: number;
          complete: number;
          lagMs: number | null;
          asOf: string;
          oldestPending: unknown;
        }
      >;
      failures: { users: { clientUserId: string; error: string; status: number | null; message: string }[] };
    };
    expect(status.failedUsers).toBe(1);
    expect(status.targetDay).toBe('2026-01-04');
    expect(status.failures.users).toEqual([
      { clientUserId: 'unknown_ghost', error: 'NotFoundError', status: 404, message: expect.any(String) },
    ]);
    const sleep = status.resources.sleep;
    expect(sleep).toMatchObject({ rows: 16, users: 1, complete: 1, lagMs: 0, oldestPending: null });
    expect(Date.parse(sleep?.asOf ?? '') - Date.parse(SANDBOX_NOW)).toBeLessThan(1_000);
    expect(status.resources.activity).toMatchObject({ rows: 0, users: 0, lagMs: null });
  });

  it('issue 34: --failed lists each failed window with its error, and a resource owed work names its oldest pending window', async () => {
    const store = `sqlite:${join(sandbox.dir, 'windows.db')}`;
    const proxy = await startFaultProxy(sandbox.url);
    try {
      // Steps refused for good (422: recorded for each window); sleep rate limited past the one attempt
      // allowed (429: its windows stay pending, the run ends incomplete).
      proxy.rule.current = (path) =>
        path.includes('/steps/') ? { status: 422 } : path.includes('/sleep/') ? { status: 429 } : undefined;
      const range = { from: '2025-12-01', to: '2025-12-14' };
      const run = await runCli(
        [
          ...backfillArgs(store, proxy.url, ['carol'], range),
          '--max-attempts',
          '1',
          '--max-backoff-ms',
          '10',
        ],
        env,
      );
      expect(run.code).toBe(4);
    } finally {
      await proxy.close();
    }

    const text = await runCli(['status', '--store', store, '--failed', '--to', '2025-12-14'], env);
    expect(text.code).toBe(0);
    const window = (resource: string) => String.raw`carol ${resource} oura 2025-12-\d\d\.\.2025-12-\d\d`;
    expect(text.stdout).toMatch(
      /^sleep: 0 rows; 0 of 1 users complete, 1 behind \(1 ≤30d; worst: carol 14d 0h\); days owed: 14 pending, 0 failed \(1 users\); (\d+) windows pending, 0 failed; oldest pending carol oura 2025-12-01\.\.2025-12-\d\d, waiting \S+/m,
    );
    expect(text.stdout).toMatch(
      /^steps: 0 rows; 0 of 1 users complete, 1 behind \(1 ≤30d; worst: carol 14d 0h\); days owed: 0 pending, 14 failed \(1 users\); 0 windows pending, (\d+) failed$/m,
    );
    const failedWindows = text.stdout.split('failed windows:\n')[1]?.trimEnd().split('\n') ?? [];
    expect(failedWindows.length).toBeGreaterThan(0);
    for (const line of failedWindows)
      expect(line).toMatch(new RegExp(`^ {2}${window('steps')}: UnprocessableEntityError 422: .+$`));

    const json = await runCli(['status', '--store', store, '--failed', '--json'], env);
    const status = JSON.parse(json.stdout) as {
      failed: number;
      pending: number;
      resources: Record<string, { oldestPending: { resource: string; start: string } | null }>;
      failures: { windows: { resource: string; error: string; status: number | null; message: string }[] };
    };
    expect(status.failures.windows).toHaveLength(status.failed);
    expect(status.failures.windows.length).toBe(failedWindows.length);
    for (const failure of status.failures.windows)
      expect(failure).toMatchObject({ resource: 'steps', error: 'UnprocessableEntityError', status: 422 });
    expect(status.pending).toBeGreaterThan(0);
    expect(status.resources.sleep?.oldestPending).toMatchObject({
      clientUserId: 'carol',
      resource: 'sleep',
      start: '2025-12-01',
    });
    expect(status.resources.steps?.oldestPending).toBeNull();
  });

  it('changes nothing: a store with nothing yet, or one due a migration, is told in one line', async () => {
    const missing = join(sandbox.dir, 'missing.db');
    const run = await runCli(['status', '--store', `sqlite:${missing}`]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 3,
      stderr: 'svc-sync: the store holds nothing yet: run svc-sync backfill (or webhooks) first\n',
    });
    expect(existsSync(missing)).toBe(false);
  });
});
