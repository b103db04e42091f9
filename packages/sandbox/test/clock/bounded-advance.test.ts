import { describe, expect, it } from 'vitest';
import { call, clientOn, strictSandbox } from '../fixtures/sandbox.js';

const advance = (sandbox: ReturnType<typeof strictSandbox>, body: unknown) =>
  call(sandbox, 'POST', '/_sandbox/clock/advance', { body });

describe('a bounded clock advance (issue 21)', () => {
  it.each([1e11, 1e13, 1e308, -1, 315_360_001])(
    'refuses seconds %s with 422 naming the allowed range',
    async (seconds) => {
      const sandbox = strictSandbox();
      const refused = await advance(sandbox, { seconds });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toContain('from 0 to 315360000');
      expect((await call(sandbox, 'GET', '/_sandbox/clock')).body.now).toBe('2026-01-05T09:00:00.000Z');
    },
  );

  it.each(['+275760-09-13T00:00:00.000Z', '10000-01-01T00:00:00.000Z', '2040-01-01T00:00:00.000Z'])(
    'refuses a target of %s, past the range one advance may reach, naming the range',
    async (to) => {
      const sandbox = strictSandbox();
      const refused = await advance(sandbox, { to });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toContain(
        'from 2026-01-05T09:00:00.000Z to 2036-01-03T09:00:00.000Z',
      );
    },
  );

  it('never moves the clock past 9999-12-31, however it is asked', async () => {
    const sandbox = strictSandbox({ startTime: '9999-06-01T00:00:00.000Z' });
    const refused = await advance(sandbox, { seconds: 365 * 86_400 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain('to 9999-12-31T23:59:59.999Z');
    expect((await advance(sandbox, { to: '9999-12-31T23:59:59.999Z' })).status).toBe(200);
    expect((await call(sandbox, 'GET', '/v2/user/resolve/late')).status).toBe(200);
  });

  it('runs the daily data timer of one user for ten years in one advance', async () => {
    const sandbox = strictSandbox();
    await clientOn(sandbox).resolveUser({ client_user_id: 'decade' });
    const moved = await advance(sandbox, { seconds: 3_650 * 86_400 });
    expect(moved.status).toBe(200);
    expect(moved.body.fired).toBeGreaterThanOrEqual(3_650);
  });

  it('refuses an advance that would run more than 10,000 steps and leaves the world as it was', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    for (let i = 0; i < 30; i++) await client.resolveUser({ client_user_id: `busy-${i}` });
    const before = sandbox.snapshot();
    const refused = await advance(sandbox, { seconds: 3_650 * 86_400 });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'advance_too_long' });
    expect(refused.body.error.message).toContain('10000');
    expect(sandbox.snapshot()).toEqual(before);
    expect((await advance(sandbox, { seconds: 86_400 })).body.fired).toBeGreaterThanOrEqual(30);
  });

  it('refuses the same in-process, with the world unchanged', () => {
    const sandbox = strictSandbox();
    expect(() => sandbox.clock.advance({ seconds: 1e11 })).toThrow('from 0 to 315360000');
    expect(sandbox.clock.now().toISOString()).toBe('2026-01-05T09:00:00.000Z');
  });
});
