// A day the calendar does not have (2026-02-30, 2025-11-31) is no date: every date and date-time the
// sandbox reads from a request or an option is refused as one, never rolled over into the next month.
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { call, orderFor, strictSandbox } from '../fixtures/sandbox.js';

/** What the sandbox answers a query value that is not a date: 422 naming the parameter. */
const notADate = (name: string) => ({
  error: {
    code: 'invalid_request',
    message: `${name} must be a date (YYYY-MM-DD) or a date-time`,
    violations: [
      {
        location: ['request', 'query', name],
        code: 'format',
        message: `${name} must be a date (YYYY-MM-DD) or a date-time`,
      },
    ],
  },
});

describe('dates the calendar does not have', () => {
  const sandbox = strictSandbox();
  const userId = async () => (await call(sandbox, 'GET', '/v2/user/resolve/calendar')).body.user_id;

  it.each(['2025-11-31', '2025-02-29', '2025-02-30', '2025-12-01T24:00:00Z', '1', 'Dec 1 2025'])(
    'refuses start_date=%s of a summary read with 422, where it answered the next month',
    async (start) => {
      const read = await call(
        sandbox,
        'GET',
        `/v2/summary/sleep/${await userId()}?start_date=${encodeURIComponent(start)}`,
      );
      expect(read.status).toBe(422);
      expect(read.body).toEqual(notADate('start_date'));
    },
  );

  it('names the impossible start_date, not the order of the two dates', async () => {
    const read = await call(
      sandbox,
      'GET',
      `/v2/summary/sleep/${await userId()}?start_date=2025-02-30&end_date=2025-03-01`,
    );
    expect(read.body).toEqual(notADate('start_date'));
  });

  it('refuses an impossible end_date of a steps read, given as a date-time', async () => {
    const read = await call(
      sandbox,
      'GET',
      `/v2/timeseries/${await userId()}/steps/grouped?start_date=2025-11-30&end_date=2025-11-31T00:00:00Z`,
    );
    expect(read.body).toEqual(notADate('end_date'));
  });

  it('still reads a leap day, a date-time with an offset and one with fractions of a second', async () => {
    const user = await userId();
    for (const [start, end] of [
      ['2024-02-29', '2024-03-01'],
      ['2025-12-01T23:30:00+01:00', '2025-12-02T00:00:00.123456Z'],
    ]) {
      const query = `start_date=${encodeURIComponent(start as string)}&end_date=${encodeURIComponent(end as string)}`;
      expect((await call(sandbox, 'GET', `/v2/summary/sleep/${user}?${query}`)).status).toBe(200);
    }
  });

  it('refuses an impossible start_date of appointment availability', async () => {
    const order = await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) });
    const read = await call(
      sandbox,
      'GET',
      `/v3/order/${order.body.id}/phlebotomy/appointment/availability?start_date=2026-04-31`,
    );
    expect(read.status).toBe(422);
    expect(read.body.error.violations[0].location).toEqual(['request', 'query', 'start_date']);
  });

  it('refuses a booking key whose slot starts on an impossible day', async () => {
    const order = await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) });
    const key = `bk_${Buffer.from('2026-02-30T08:00:00.000Z|7200').toString('base64url')}`;
    const book = await call(sandbox, 'POST', `/v3/order/${order.body.id}/phlebotomy/appointment/book`, {
      body: { booking_key: key },
    });
    expect(book.status).toBe(422);
    expect(book.body.error.message).toContain('booking_key');
  });

  it('refuses a clock advance to an impossible day and leaves the clock where it was', async () => {
    const fresh = strictSandbox();
    const advance = await call(fresh, 'POST', '/_sandbox/clock/advance', {
      body: { to: '2026-02-30T00:00:00Z' },
    });
    expect(advance.status).toBe(422);
    expect(advance.body.error.message).toContain('to must be a date-time');
    expect(() => fresh.clock.advance({ to: '2026-02-30T00:00:00Z' })).toThrow(/to must be a date-time/);
    expect(fresh.clock.now().toISOString()).toBe('2026-01-05T09:00:00.000Z');
  });

  it('refuses a startTime on an impossible day with a TypeError naming the option', () => {
    expect(() => createSandbox({ startTime: '2026-02-30T00:00:00Z' })).toThrow(
      /startTime must be a date-time/,
    );
    expect(createSandbox({ startTime: '2024-02-29' }).clock.now().toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });

  it("reads a date-time without an offset in UTC, whatever the machine's time zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(createSandbox({ startTime: '2026-01-05T09:00' }).clock.now().toISOString()).toBe(
        '2026-01-05T09:00:00.000Z',
      );
      expect(createSandbox({ startTime: '2026-01-05T09:00:00+02:00' }).clock.now().toISOString()).toBe(
        '2026-01-05T07:00:00.000Z',
      );
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
