// Issue 48: the console's run view shows the BullMQ queue's depth: a backfill --redis (PostgreSQL
// store, no worker yet) queues its windows, and the page's data names them waiting, as Redis counts.
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE, redisOptions } from '../../src/bullmq.js';
import { scopeArgs } from '../fixtures/cli-args.js';
import { fleetServers } from '../fixtures/fleet-servers.js';
import { runCli, startCli, waitForLine } from '../fixtures/processes.js';

const env = { SVC_API_KEY: 'sk_test_console_queue' };
const servers = fleetServers('sync-console-queue');

interface Live {
  runs: {
    kind: string;
    progress: { finished: boolean; windows: { queued: number } };
    queue?: Record<string, number>;
  }[];
}

describe('svc-sync serve: a queued backfill', () => {
  it("shows the queue's depth as the backfill's heartbeat recorded it, equal to what Redis holds", async () => {
    const common = ['--store', servers.postgres.url, '--base-url', servers.sandbox.url];
    const queued = await runCli(
      [
        'backfill',
        ...common,
        '--redis',
        servers.redis.url,
        ...scopeArgs(['cq-a', 'cq-b'], { from: '2025-12-01', to: '2025-12-20' }),
      ],
      env,
    );
    expect(queued.code, queued.stderr).toBe(0);
    const total = Number(/(\d+) queued/.exec(queued.stdout)?.[1]);
    expect(total).toBeGreaterThan(0);

    const serve = startCli(['serve', ...common.slice(0, 2), '--port', '0']);
    const url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
    const live = (await (await fetch(`${url}/api/live`)).json()) as Live;
    const newest = live.runs[0];
    expect(newest).toMatchObject({
      kind: 'backfill',
      progress: { finished: true, windows: { queued: total } },
    });
    const queue = new Queue(DEFAULT_QUEUE, { connection: redisOptions(servers.redis.url) });
    try {
      const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'failed', 'prioritized');
      expect(counts.wait).toBe(total);
      expect(newest?.queue).toEqual(counts);
    } finally {
      await queue.close();
    }
  });
});
