import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { createSync } from '../../src/index.js';
import { AimdLimiter } from '../../src/internal/pace/aimd.js';
import { RatePacer } from '../../src/internal/pace/rate-pacer.js';
import { Slots } from '../../src/internal/pace/slots.js';
import { readWindow } from '../../src/internal/run/read-window.js';
import { type FaultRule, status, withFaults } from '../fixtures/faults.js';
import { API_KEY, SANDBOX_NOW, sandboxClient, sandboxSync, TEAM } from '../fixtures/sandbox.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

describe('adaptive concurrency', () => {
  it('adds about one slot per round of successes and halves on overload, once per burst', () => {
    let now = 0;
    const limiter = new AimdLimiter(1, 32, 4, () => now, 1_000);
    for (let i = 0; i < 4; i++) limiter.succeeded();
    expect(limiter.limit).toBe(4); // 4 + 4 × 1/4.x: just under 5
    for (let i = 0; i < 5; i++) limiter.succeeded();
    expect(limiter.limit).toBe(5);
    limiter.overloaded(undefined);
    limiter.overloaded(undefined);
    expect(limiter.limit).toBe(2);
    now += 1_001;
    limiter.overloaded(2_000);
    expect(limiter.limit).toBe(1);
    expect(limiter.pauseLeft()).toBe(2_000);
  });

  it("caps one user's windows so others are served", async () => {
    const slots = new Slots(new AimdLimiter(1, 8, 4), 1);
    const releaseA = await slots.acquire('a');
    let secondA = false;
    const waiting = slots.acquire('a').then((release) => {
      secondA = true;
      return release;
    });
    const releaseB = await slots.acquire('b');
    expect(secondA).toBe(false);
    releaseA();
    (await waiting)();
    releaseB();
    expect(slots.inFlight).toBe(0);
  });

  it('paces requests to the rate a 429 reveals, then probes upwards slowly', () => {
    let now = 0;
    const pacer = new RatePacer(() => now);
    expect(pacer.reserve()).toBe(0); // not paced before the first 429
    for (let i = 0; i < 40; i++) {
      now += 50; // 20 successes a second
      pacer.succeeded();
    }
    pacer.overloaded();
    const learned = pacer.rate; // the last second's successes (the slot edge may drop one)
    expect(learned).toBeGreaterThanOrEqual(19);
    expect(learned).toBeLessThanOrEqual(20);
    const waits = [pacer.reserve(), pacer.reserve(), pacer.reserve()];
    expect(waits.map(Math.round)).toEqual([0, Math.round(1000 / learned), Math.round(2000 / learned)]);
    now += 1_000;
    pacer.succeeded();
    expect(pacer.rate).toBeCloseTo(learned * 1.004 + 0.2); // + 0.2 + 0.4 %
    now += 1_000;
    pacer.overloaded();
    expect(pacer.rate).toBeCloseTo((learned * 1.004 + 0.2) * 0.9); // - 10 %
    // Thirty quiet seconds: the limit is taken to be gone, until the next 429.
    now += 30_001;
    expect(pacer.reserve()).toBe(0);
    expect(pacer.rate).toBe(Number.POSITIVE_INFINITY);
    pacer.overloaded();
    expect(pacer.rate).toBeCloseTo((learned * 1.004 + 0.2) * 0.81); // 90 % of the last rate: no success in the last second
  });

  it('issue 25: paces by answered requests, not windows (a week of steps is seven requests)', async () => {
    const { client } = sandboxClient();
    const user = await client.resolveUser({ client_user_id: 'pacer-user' });
    let sent = 0;
    let answered = 0;
    const window = {
      userId: user.user_id,
      resource: 'steps',
      provider: 'oura',
      start: '2025-12-01',
      end: '2025-12-07',
      asOf: SANDBOX_NOW,
    } as const;
    await readWindow(
      client,
      window,
      async () => void sent++,
      undefined,
      () => void answered++,
    );
    expect(sent).toBe(7);
    // The pacer learns a rate from these: one per window would learn a seventh of the real rate.
    expect(answered).toBe(sent);
  });

  it('issue 25: a batch of users waiting out a rate limit while they are resolved warns of no listener leak', async () => {
    const { store, address } = await stores.open();
    const sandbox = createSandbox({
      apiKey: API_KEY,
      seed: 'sync-batch',
      rateLimit: { perSecond: 40, burst: 1 },
    });
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: sandbox.url,
      fetch: sandbox.fetch,
      maxRetries: 0,
    });
    const sync = createSync({
      client,
      store,
      team: TEAM,
      resources: ['sleep'],
      limits: { maxConcurrency: 32 },
    });
    const users = Array.from({ length: 40 }, (_, i) => `batch-${i}`);
    // 40 users are resolved at once, most of them waiting on a 429; the shared setup fails on a warning.
    const result = await sync.backfill({ users, from: '2026-01-01', to: '2026-01-02' }).result;
    expect(result.status).toBe('done');
    expect(result.progress.rateLimited).toBeGreaterThan(0);
    expect((await storedRows(address)).size).toBe(80);
  }, 60_000);

  it('finds how many reads the service takes at once instead of storming it', async () => {
    // The service takes 3 requests at once and answers 503 to the rest.
    const rule = {
      current: ((_request: Request, inFlight: number) =>
        inFlight > 3 ? status(503) : undefined) as FaultRule,
    };
    const faults = withFaults(rule);
    const { sandbox, client } = sandboxClient({ wrap: faults.wrap });
    const { store, address } = await stores.open();
    const users = Array.from({ length: 8 }, (_, i) => `fleet-${i}`);
    const sync = sandboxSync(sandbox, client, store, {
      resources: ['steps'],
      limits: {
        initialConcurrency: 16,
        maxConcurrency: 32,
        baseBackoffMs: 5,
        maxBackoffMs: 100,
        maxAttempts: 50,
      },
    });
    const result = await sync.backfill({ users, from: '2025-11-01', to: '2026-01-04' }).result;
    expect(result.status).toBe('done');
    // Storming at 16 would be refused most of the time; backing off keeps refusals a small share.
    expect(faults.stats.answeredByFault / result.progress.requests).toBeLessThan(0.2);
    expect(await storedRows(address)).toEqual(
      await sandboxTruth(client, users, ['steps'], '2025-11-01', '2026-01-04'),
    );
  });
});
