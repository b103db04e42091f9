// Issue 44: one outcome, one exit code, on every path: a user that fails for good ends a queued run
// (BullMQ on Redis, PostgreSQL store) with exit 5, named in its last line and in --progress json, as
// the same backfill run in process does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopeArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { fleetServers } from '../fixtures/fleet-servers.js';
import { runCli } from '../fixtures/processes.js';

const env = { SVC_API_KEY: 'sk_test_queued_exit' };
const servers = fleetServers('sync-queued-exit');
const local = cliSandbox('sync-queued-exit-local');
const SCOPE = scopeArgs(['alice', 'unknown_ghost'], { from: '2025-12-20', to: '2026-01-04' });

/** The last JSON progress line a run wrote on stderr. */
const lastProgress = (stderr: string) =>
  JSON.parse(
    stderr
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .at(-1) ?? '{}',
  ) as {
    users: { failed: number; failedIds: string[] };
    finished: boolean;
  };

describe('issue 44: a failed user, queued or in process', () => {
  it('issue 44: a queued run with an unknown user exits 5 as the in-process one does, naming the user', async () => {
    const queued = await runCli(
      [
        'backfill',
        '--store',
        servers.postgres.url,
        '--redis',
        servers.redis.url,
        '--base-url',
        servers.sandbox.url,
        ...SCOPE,
        '--progress',
        'json',
      ],
      env,
    );
    const inProcess = await runCli(
      [
        'backfill',
        '--store',
        `sqlite:${join(local.dir, 'in-process.db')}`,
        '--base-url',
        local.url,
        ...SCOPE,
        '--progress',
        'json',
      ],
      env,
    );
    for (const run of [queued, inProcess]) {
      expect(run.code).toBe(5);
      expect(run.stdout).toMatch(
        /^done_with_failures: .*; users failed: unknown_ghost \(svc-sync status --failed\); asked 2025-12-20\.\.2026-01-04: /m,
      );
      expect(lastProgress(run.stderr)).toMatchObject({
        users: { failed: 1, failedIds: ['unknown_ghost'] },
        finished: true,
      });
    }
    // The queued run handed alice's windows over; the in-process one read them.
    expect(queued.stdout).toMatch(/^done_with_failures: 0 windows stored, [1-9]\d* queued, 0 failed/m);
    expect(inProcess.stdout).toMatch(/^done_with_failures: [1-9]\d* windows stored, 0 queued, 0 failed/m);
    // Both stores say so to cron the same way.
    for (const store of [servers.postgres.url, `sqlite:${join(local.dir, 'in-process.db')}`])
      expect((await runCli(['status', '--store', store, '--check'])).code).toBe(5);
  }, 120_000);
});
