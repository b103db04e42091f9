import { SvcError, ValidationError } from '@svc/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labTesting, PollTimeoutError } from '../../src/index.js';
import { pollDelay } from '../../src/internal/poll.js';
import { ORDER_ID, recordingClient } from '../clients.js';
import { pscFake } from '../psc/psc-fake.js';

describe('the pause between two reads', () => {
  it('doubles from initialDelayMs up to maxDelayMs, jittered to 50–100 %', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 60 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, initial, extra, random) => {
          const max = initial + extra;
          const ceiling = Math.min(max, initial * 2 ** attempt);
          const delay = pollDelay(attempt, initial, max, () => random);
          expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
          expect(delay).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
  });
});

describe('poll options', () => {
  it.each([
    ['timeoutMs', { timeoutMs: 0 }],
    ['initialDelayMs', { initialDelayMs: -1 }],
    ['maxDelayMs', { maxDelayMs: Number.NaN }],
  ])('refuses a %s that is not a positive number before reading', async (field, options) => {
    const fake = await pscFake({ statuses: ['confirmed'] });
    const { lab } = recordingClient(fake.baseUrl);
    await expect(lab.appointments.psc.waitForConfirmation(ORDER_ID, options)).rejects.toMatchObject({
      name: 'ValidationError',
      field,
    });
    expect(fake.requests).toHaveLength(0);
  });

  // Found by the full reliability run: a timer Node could not hold fired after 1 ms (TimeoutOverflowWarning).
  it.each([
    ['timeoutMs', { timeoutMs: 2 ** 53 }],
    ['initialDelayMs', { initialDelayMs: 2 ** 31 }],
    ['maxDelayMs', { maxDelayMs: 1e300 }],
  ])('refuses a %s longer than a timer can hold before reading', async (field, options) => {
    const fake = await pscFake({ statuses: ['confirmed'] });
    const { lab } = recordingClient(fake.baseUrl);
    await expect(lab.appointments.psc.waitForConfirmation(ORDER_ID, options)).rejects.toMatchObject({
      name: 'ValidationError',
      field,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('applies the defaults given to labTesting, which a call can override', async () => {
    const fake = await pscFake({ statuses: ['reserved'] });
    const { lab } = recordingClient(fake.baseUrl, {
      lab: { polling: { timeoutMs: 120, initialDelayMs: 10 } },
    });
    await expect(lab.appointments.psc.waitForConfirmation(ORDER_ID)).rejects.toMatchObject({
      timeoutMs: 120,
    });
    await expect(lab.appointments.psc.waitForConfirmation(ORDER_ID, { timeoutMs: 60 })).rejects.toMatchObject(
      {
        timeoutMs: 60,
      },
    );
  });
});

describe('the errors of a wait', () => {
  it('are SvcErrors, so one catch covers the client and the helpers', () => {
    const error = new PollTimeoutError('parsing job job_1', 100, 3, 'unknown', {
      results: [{ name: 'HIV' }],
    });
    expect(error).toBeInstanceOf(SvcError);
    expect(error.name).toBe('PollTimeoutError');
    expect(error.lastValue).toEqual({ results: [{ name: 'HIV' }] });
    expect(JSON.stringify(error)).not.toContain('HIV');
    expect(Object.keys(error)).not.toContain('lastValue');
  });
});

describe('creating the helpers', () => {
  it('refuses something that is not a client', () => {
    expect(() => labTesting({} as never)).toThrow(ValidationError);
  });
});
