// Issue 49: points' times are parsed and written through a bounded cache; it answers exactly as
// Date.parse and toISOString do, for every text, however many it has seen.
import { describe, expect, it } from 'vitest';
import { isoOf, timeMs } from '../../src/instants.js';

const texts = [
  '2025-12-31T23:59:59.999+00:00',
  '2024-02-29T12:00:00-23:59',
  '2025-04-31T00:00:00+01:00',
  '2025-12-01T00:00:00.5Z',
  '2025-12-01T00:00:00.123456Z',
  '2025-12-01t00:00:00z',
  '2025-12-01T00:00:00+24:00',
  '2025-12-01T00:00:60Z',
  '2025-12-01T00:00:00+0100',
  '0999-12-31T00:00:00Z',
  '2025-12-01T00:00:00Z ',
  '2025-12-01T01:00:00+01:00',
  '2025-12-01T00:00:00.000Z',
  '2025-12-01T00:59:59-05:30',
  '2025-02-30T00:00:00Z',
  '2025-12-01T24:00:00Z',
  'not a time',
  '',
];

describe('times parsed and written once', () => {
  it('parses and writes every text as Date.parse and toISOString do, again and again', () => {
    for (let round = 0; round < 2; round++)
      for (const text of texts) {
        const ms = Date.parse(text);
        expect(Object.is(timeMs(text), ms)).toBe(true);
        if (Number.isNaN(ms)) expect(() => isoOf(ms)).toThrow(RangeError);
        else expect(isoOf(ms)).toBe(new Date(ms).toISOString());
      }
  });

  it("reads the service's form field by field exactly as Date.parse does, over every field's range", () => {
    // A fixed sequence (a linear congruential generator): the same 200,000 times on every run.
    let seed = 49;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (let n = 0; n < 200_000; n++) {
      const date = `${1000 + next(9000)}-${two(1 + next(12))}-${two(1 + next(31))}`;
      const time = `${two(next(24))}:${two(next(60))}:${two(next(60))}`;
      const fraction = next(2) === 0 ? '' : `.${String(next(1000)).padStart(3, '0')}`;
      const zone = next(3) === 0 ? 'Z' : `${next(2) === 0 ? '+' : '-'}${two(next(24))}:${two(next(60))}`;
      const text = `${date}T${time}${fraction}${zone}`;
      if (!Object.is(timeMs(text), Date.parse(text))) expect(timeMs(text), text).toBe(Date.parse(text));
    }
  });

  it('stays exact past its bound (it forgets, never mixes up)', () => {
    const base = Date.UTC(2025, 0, 1);
    for (let hour = 0; hour < 20_000; hour++) {
      const ms = base + hour * 3_600_000;
      // The same instant written at +01:00.
      const text = new Date(ms + 3_600_000).toISOString().replace('.000Z', '+01:00');
      expect(timeMs(text)).toBe(ms);
      expect(isoOf(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
