import { join } from 'node:path';
import { createClient } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { backfillArgs } from '../fixtures/cli-args.js';
import { cliSandbox } from '../fixtures/cli-sandbox.js';
import { runCli } from '../fixtures/processes.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_limited';
const RATE = 20;
const sandbox = cliSandbox('sync-limited', ['--rate-limit', String(RATE)]);
const dir = sandbox.dir;
const USERS = ['rl-a', 'rl-b'];
const RANGE = { from: '2025-12-10', to: '2025-12-31' };

/**
 * Another client of the same key that spends the key's whole budget: a request every few milliseconds,
 * so each token the sandbox refills goes to it first. Resolves once the budget is spent.
 */
async function startNeighbour(url: string) {
  const stats = { sent: 0, refused: 0 };
  let running = true;
  const send = async () => {
    const response = await fetch(`${url}/v2/user/resolve/rl-neighbour`, {
      headers: { 'x-svc-api-key': KEY },
    });
    await response.arrayBuffer();
    stats.sent++;
    if (response.status === 429) stats.refused++;
  };
  const loop = (async () => {
    while (running) {
      await send();
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  })();
  while (stats.refused === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  return {
    stats,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

describe('svc-sync backfill under the sandbox rate limit', () => {
  it('ends incomplete with exit 4 while the key has no budget left, then resumes to exactly the sandbox rows', async () => {
    const store = `sqlite:${join(dir, 'limited.db')}`;
    const args = [...backfillArgs(store, sandbox.url, USERS, RANGE), '--concurrency', '4'];
    // A neighbour spends the key's budget: nearly every request of the sync is answered 429.
    const neighbour = await startNeighbour(sandbox.url);
    // Few, short retries: what is tested is how the run ends, not how long it tries.
    const refused = await runCli([...args, '--max-attempts', '2', '--max-backoff-ms', '500'], {
      SVC_API_KEY: KEY,
    });
    await neighbour.stop();
    expect(refused.code).toBe(4);
    expect(refused.stdout).toMatch(/^incomplete:/);
    expect(refused.stderr).toMatch(/svc-sync: rate limited; run the same command again to resume/);

    // The budget is the sync's alone again (RATE per second): it paces down to it and finishes.
    const resumed = await runCli(args, { SVC_API_KEY: KEY });
    expect(resumed.code).toBe(0);
    const client = createClient({ apiKey: KEY, baseUrl: sandbox.url });
    const truth = await sandboxTruth(client, USERS, ['steps', 'sleep'], RANGE.from, RANGE.to);
    // 2 users × 22 days × (24 hours of steps + 1 sleep summary): the range holds data.
    expect(truth.size).toBe(1100);
    expect(await storedRows(store)).toEqual(truth);
  }, 120_000);
});
