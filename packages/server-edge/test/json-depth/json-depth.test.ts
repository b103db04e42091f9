import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from '../../src/json-depth.js';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('jsonDepth', () => {
  it('counts arrays and objects, and no brackets inside strings (escaped quotes included)', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('[{"a":[1]}]')).toBe(3);
    expect(jsonDepth('{"a":"[[[{{{\\"[[["}')).toBe(1);
  });

  it('stops counting past the limit, so a 100,000-deep text costs no more than limit + 1 levels', () => {
    expect(jsonDepth(nested(MAX_JSON_DEPTH))).toBe(MAX_JSON_DEPTH);
    expect(jsonDepth(nested(100_000))).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepth('['.repeat(10), 3)).toBe(4);
  });
});
