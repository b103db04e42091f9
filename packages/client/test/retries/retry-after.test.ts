import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/internal/retry-after.js';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('Retry-After', () => {
  it('reads delay-seconds, digits only', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
  });

  it('reads the three HTTP-date forms as UTC', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', NOW)).toBe(5000);
    expect(parseRetryAfter('Sunday, 22-Nov-26 10:00:05 GMT', NOW)).toBe(5000);
    expect(parseRetryAfter('Sun Nov 22 10:00:05 2026', NOW)).toBe(5000);
    expect(parseRetryAfter('Sun Nov  1 10:00:05 2026', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
  });

  it('issue 11: ignores anything else, so the backoff applies', () => {
    for (const value of [
      '-1',
      '+5',
      '1.',
      '1.5',
      '.5',
      '1e3',
      '0x10',
      '5 ',
      'soon',
      '2026-11-22T10:00:05Z',
      '22 Nov 2026 10:00:05 GMT',
      'Sun, 22 Nov 2026 10:00:05',
      'Sun, 31 Feb 2026 10:00:05 GMT',
      'Sun, 22 Nov 2026 25:00:05 GMT',
      'Sun, 22 Nov 2026 10:00:05 UTC',
      '',
    ]) {
      if (value.trim() !== '5') expect(parseRetryAfter(value, NOW), value).toBeUndefined();
    }
  });
});
