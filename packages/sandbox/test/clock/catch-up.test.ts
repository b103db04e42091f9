import { describe, expect, it } from 'vitest';
import { createSandbox, type SandboxState } from '../../src/index.js';

const DAY = 86_400_000;
const STALE = 'sk_test_stale';
const FRESH = 'sk_test_fresh';

const get = (sandbox: ReturnType<typeof createSandbox>, key: string, path: string) =>
  sandbox.fetch(new Request(`${sandbox.url}${path}`, { headers: { 'x-svc-api-key': key } }));

/** A state file with three users in the `STALE` world, saved `days` ago by the wall clock. */
async function savedDaysAgo(days: number): Promise<SandboxState> {
  const before = createSandbox({ apiKey: STALE });
  for (const name of ['ann', 'bo', 'cy']) await get(before, STALE, `/v2/user/resolve/${name}`);
  return { ...before.exportState(), saved_at: new Date(Date.now() - days * DAY).toISOString() };
}

describe('issue 33: a stale --state file on real time', () => {
  it('catches a world up in slices: another world is answered while it is still catching up', async () => {
    const state = await savedDaysAgo(3 * 365);
    const sandbox = createSandbox({ clock: 'real', apiKey: STALE });
    sandbox.importState(state);
    const wall = Date.now();
    let staleAnswered = false;
    const stale = get(sandbox, STALE, '/_sandbox/clock').then(async (response) => {
      staleAnswered = true;
      return response.json();
    });
    await new Promise((resolve) => setImmediate(resolve)); // the catch-up has begun
    expect((await get(sandbox, FRESH, '/v2/user/resolve/dee')).status).toBe(200);
    expect(staleAnswered).toBe(false);
    const { now } = await stale;
    const [saved] = Object.values(state.worlds);
    expect(Date.parse(now)).toBeGreaterThanOrEqual(Date.parse(saved?.now as string) + 3 * 365 * DAY);
    expect(Date.parse(now)).toBeLessThanOrEqual(
      Date.parse(saved?.now as string) + Date.now() - wall + 3 * 365 * DAY + 1_000,
    );
    // Every day of the three users' daily data ran, as one advance of three years would run it.
    const { events } = sandbox.webhooks.dropped();
    const daily = sandbox.webhooks.events().filter((e) => e.event_type === 'daily.data.steps.created');
    expect(daily.length + events).toBeGreaterThanOrEqual(3 * 3 * 365);
  });

  it.each([
    ['more than ten years ago', -3_651 * DAY, 'is more than ten years ago'],
    ['later than now', 3_600_000, 'is later than now'],
  ])('refuses a saved_at %s with saved_at_out_of_range, before anything changes', async (_, offset, why) => {
    const state = await savedDaysAgo(0);
    state.saved_at = new Date(Date.now() + offset).toISOString();
    const sandbox = createSandbox({ clock: 'real', apiKey: STALE });
    const before = sandbox.exportState().worlds;
    expect(() => sandbox.importState(state)).toThrow(
      expect.objectContaining({ code: 'saved_at_out_of_range' }),
    );
    expect(() => sandbox.importState(state)).toThrow(why);
    expect(() => sandbox.importState(state)).toThrow('--frozen');
    expect(sandbox.exportState().worlds).toEqual(before);
  });

  it('refuses a saved_at that is not a time as not a state file (invalid_state)', async () => {
    const state = { ...(await savedDaysAgo(0)), saved_at: 'yesterday' };
    const sandbox = createSandbox({ clock: 'real', apiKey: STALE });
    expect(() => sandbox.importState(state)).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    expect(() => sandbox.importState(state)).toThrow('state.saved_at');
  });

  it('takes a saved_at a few seconds ahead (clocks differ a little) as now, and any saved_at on a frozen clock', async () => {
    const state = await savedDaysAgo(0);
    const real = createSandbox({ clock: 'real', apiKey: STALE });
    real.importState({ ...state, saved_at: new Date(Date.now() + 30_000).toISOString() });
    expect((await get(real, STALE, '/_sandbox/clock')).status).toBe(200);
    const frozen = createSandbox({ apiKey: STALE });
    frozen.importState({ ...state, saved_at: '1990-01-01T00:00:00.000Z' });
    expect(frozen.clock.now().toISOString()).toBe('2026-01-05T09:00:00.000Z');
  });
});
