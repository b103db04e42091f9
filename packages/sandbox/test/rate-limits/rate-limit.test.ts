import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { call, strictSandbox } from '../fixtures/sandbox.js';

afterEach(() => {
  vi.useRealTimers();
});

const resolve = (sandbox: ReturnType<typeof createSandbox>, key = 'sk_test_fixture') =>
  call(sandbox, 'GET', '/v2/user/resolve/alice', { headers: { 'x-svc-api-key': key } });

describe('issue 22: rate limits', () => {
  it('are off by default', async () => {
    const sandbox = strictSandbox();
    for (let i = 0; i < 50; i++) expect((await resolve(sandbox)).status).toBe(200);
  });

  it('answer 429 with Retry-After once a key is over its burst, and let it through after the wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-25T15:00:00Z'));
    const sandbox = strictSandbox({ rateLimit: { perSecond: 2, burst: 3 } });
    for (let i = 0; i < 3; i++) expect((await resolve(sandbox)).status).toBe(200);
    const refused = await resolve(sandbox);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.error.code).toBe('rate_limited');
    // Control routes never count, so a test can always move the clock.
    expect((await call(sandbox, 'GET', '/_sandbox/clock')).status).toBe(200);
    // Another key is another world, with its own budget.
    expect((await resolve(sandbox, 'sk_test_other')).status).toBe(200);
    vi.setSystemTime(Date.parse('2026-11-25T15:00:00.499Z'));
    expect((await resolve(sandbox)).status).toBe(429);
    vi.setSystemTime(Date.parse('2026-11-25T15:00:00.500Z'));
    expect((await resolve(sandbox)).status).toBe(200);
    expect((await resolve(sandbox)).status).toBe(429);
  });

  it('rounds Retry-After up to whole seconds at low rates, and defaults the burst to one second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const sandbox = createSandbox({ rateLimit: { perSecond: 0.25 } });
    expect((await resolve(sandbox)).status).toBe(200);
    const refused = await resolve(sandbox);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('4');
  });

  it('refuses limits it cannot apply', () => {
    expect(() => createSandbox({ rateLimit: { perSecond: 0 } })).toThrow(TypeError);
    expect(() => createSandbox({ rateLimit: { perSecond: 5, burst: 0 } })).toThrow(/burst/);
  });
});
