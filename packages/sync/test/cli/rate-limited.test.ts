import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startSandboxServer, stopChildren } from '../fixtures/processes.js';
import { type RateLimitProxy, startRateLimitProxy } from '../fixtures/rate-limit-proxy.js';
import { sandboxTruth } from '../fixtures/sandbox.js';
import { storedRows } from '../fixtures/stored-rows.js';

const KEY = 'sk_test_limited';
const dir = mkdtempSync(join(tmpdir(), 'svc-sync-limited-'));
let sandboxUrl: string;
let proxy: RateLimitProxy;
beforeAll(async () => {
  sandboxUrl = (await startSandboxServer('sync-limited')).url;
  proxy = await startRateLimitProxy(sandboxUrl, 0, 30);
});
afterAll(async () => {
  await proxy?.close();
  await stopChildren();
  rmSync(dir, { recursive: true, force: true });
});

describe('svc-sync backfill under a rate limit', () => {
  it('ends incomplete with exit 4 while the service refuses, then resumes to exactly the sandbox rows', async () => {
    const store = `sqlite:${join(dir, 'limited.db')}`;
    const args = ['backfill', '--store', store, '--users', 'rl-a,rl-b', '--resources', 'steps,sleep'];
    const range = [
      '--from',
      '2025-12-10',
      '--to',
      '2025-12-31',
      '--base-url',
      proxy.url,
      '--concurrency',
      '4',
    ];
    // The key's budget is spent: every request is answered 429 with Retry-After: 1.
    const refused = await runCli([...args, ...range], { SVC_API_KEY: KEY });
    expect(refused.code).toBe(4);
    expect(refused.stdout).toMatch(/^incomplete:/);
    expect(refused.stderr).toMatch(/svc-sync: rate limited; run the same command again to resume/);
    expect(proxy.stats.refused).toBeGreaterThan(0);

    // 30 requests per second: the sync slows down to it (some 429s on the way) and finishes.
    proxy.rate = 30;
    const resumed = await runCli([...args, ...range], { SVC_API_KEY: KEY });
    expect(resumed.code).toBe(0);
    const client = createClient({ apiKey: KEY, baseUrl: sandboxUrl });
    const truth = await sandboxTruth(
      client,
      ['rl-a', 'rl-b'],
      ['steps', 'sleep'],
      '2025-12-10',
      '2025-12-31',
    );
    expect(await storedRows(store)).toEqual(truth);
  }, 120_000);
});
