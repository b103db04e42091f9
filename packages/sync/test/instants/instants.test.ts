// Issue 49: points' times are parsed and written through a bounded cache; it answers exactly as
// Date.parse and toISOString do, for every text, however many it has seen.
import { describe, expect, it } from 'vitest';
import { isoOf, timeMs } from '../../src/instants.js';

const texts = [
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
