import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_HEADER, createSandbox, DEFAULT_HISTORY_DAYS, DEFAULT_START_TIME } from '../../src/index.js';
import { API_KEY, call, strictSandbox } from '../fixtures/sandbox.js';

const WALL = Date.parse('2026-11-25T15:00:00.000Z');
const DAY = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
});

/** Only `Date` is faked: the wall clock is set by the test, timers stay real. */
const setWallClock = (time: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
};

describe('issue 22: the sandbox on the partner’s day', () => {
  it('in process, keeps a frozen clock at the fixed start by default and says so on every answer', async () => {
    const sandbox = strictSandbox();
    expect(sandbox.clock.mode).toBe('frozen');
    expect(sandbox.clock.now().toISOString()).toBe(DEFAULT_START_TIME);
    const answer = await call(sandbox, 'GET', '/v2/user/resolve/alice');
    expect(answer.headers.get(CLOCK_HEADER)).toBe('frozen');
    const refused = await sandbox.fetch(new Request(`${sandbox.url}/v2/user/resolve/alice`));
    expect(refused.status).toBe(401);
    expect(refused.headers.get(CLOCK_HEADER)).toBe('frozen');
  });

  it('on a real clock, starts a new world at the wall-clock now and moves with it; advance still jumps ahead', async () => {
    setWallClock(WALL);
    const sandbox = createSandbox({ clock: 'real', apiKey: API_KEY });
    expect(sandbox.clock.mode).toBe('real');
    expect(sandbox.clock.now().getTime()).toBe(WALL);
    expect((await call(sandbox, 'GET', '/_sandbox/clock')).headers.get(CLOCK_HEADER)).toBe('real');
    vi.setSystemTime(WALL + 3_600_000);
    expect(sandbox.clock.now().getTime()).toBe(WALL + 3_600_000);
    sandbox.clock.advance({ seconds: 86_400 });
    expect(sandbox.clock.now().getTime()).toBe(WALL + 3_600_000 + DAY);
    vi.setSystemTime(WALL + 3_600_000 + 600_000);
    expect(sandbox.clock.now().getTime()).toBe(WALL + 3_600_000 + DAY + 600_000);
  });

  it('on a real clock, runs scheduled steps as the wall clock passes them', async () => {
    setWallClock(WALL);
    const sandbox = createSandbox({ clock: 'real', apiKey: API_KEY });
    await call(sandbox, 'GET', '/v2/user/resolve/alice');
    const historical = () =>
      sandbox.webhooks.events().filter((e) => e.event_type === 'historical.data.steps.created');
    expect(historical()).toHaveLength(0);
    vi.setSystemTime(WALL + 61_000); // a connection's history arrives a minute after it is made
    await call(sandbox, 'GET', '/_sandbox/clock');
    expect(historical()).toHaveLength(1);
  });

  it('pins the start of a new world with startTime, on either clock', () => {
    setWallClock(WALL);
    const start = '2025-06-01T12:00:00.000Z';
    expect(createSandbox({ startTime: start }).clock.now().toISOString()).toBe(start);
    const real = createSandbox({ clock: 'real', startTime: start });
    expect(real.clock.now().toISOString()).toBe(start);
    vi.setSystemTime(WALL + 5_000);
    expect(real.clock.now().toISOString()).toBe('2025-06-01T12:00:05.000Z');
  });

  it('refuses a clock, start time or history it cannot use with a TypeError naming the option', () => {
    expect(() => createSandbox({ clock: 'fast' as 'real' })).toThrow(/clock must be 'frozen' or 'real'/);
    expect(() => createSandbox({ startTime: 'soon' })).toThrow(/startTime must be a date-time/);
    expect(() => createSandbox({ historyDays: -1 })).toThrow(/historyDays must be a whole number/);
    expect(() => createSandbox({ historyDays: 1.5 })).toThrow(/historyDays/);
  });
});

describe('issue 22: every user has history before the world began', () => {
  const dayBefore = (days: number) =>
    new Date(Date.parse(DEFAULT_START_TIME) - days * DAY).toISOString().slice(0, 10);

  async function stepsOn(sandbox: ReturnType<typeof strictSandbox>, userId: string, date: string) {
    const answer = await call(
      sandbox,
      'GET',
      `/v2/timeseries/${userId}/steps/grouped?start_date=${date}&end_date=${date}`,
    );
    expect(answer.status).toBe(200);
    return Object.values(answer.body.groups as Record<string, Array<{ data: unknown[] }>>).flatMap(
      (g) => g[0]?.data ?? [],
    );
  }

  it(`has data for last month by default (${DEFAULT_HISTORY_DAYS} days) and none before the window`, async () => {
    const sandbox = strictSandbox();
    const user = (await call(sandbox, 'GET', '/v2/user/resolve/alice')).body;
    expect(await stepsOn(sandbox, user.user_id, dayBefore(30))).toHaveLength(24);
    expect(await stepsOn(sandbox, user.user_id, dayBefore(DEFAULT_HISTORY_DAYS))).toHaveLength(24);
    expect(await stepsOn(sandbox, user.user_id, dayBefore(DEFAULT_HISTORY_DAYS + 1))).toHaveLength(0);
    const summary = await call(
      sandbox,
      'GET',
      `/v2/summary/activity/${user.user_id}?start_date=${dayBefore(DEFAULT_HISTORY_DAYS + 5)}&end_date=${dayBefore(1)}`,
    );
    expect(summary.body.activity).toHaveLength(DEFAULT_HISTORY_DAYS);
  });

  it('gives the same history for the same seed, and a window of historyDays', async () => {
    const first = strictSandbox({ historyDays: 10 });
    const second = strictSandbox({ historyDays: 10 });
    const a = (await call(first, 'GET', '/v2/user/resolve/alice')).body;
    const b = (await call(second, 'GET', '/v2/user/resolve/alice')).body;
    expect(await stepsOn(first, a.user_id, dayBefore(10))).toEqual(
      await stepsOn(second, b.user_id, dayBefore(10)),
    );
    expect(await stepsOn(first, a.user_id, dayBefore(11))).toHaveLength(0);
  });
});
