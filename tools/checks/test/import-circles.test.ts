import { describe, expect, it } from 'vitest';
import { importCircles } from '../import-circles.ts';

describe('importCircles', () => {
  it('names each circle as the path around it, and none in a graph without one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts', 'outside.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
    ]);
    expect(importCircles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts', 'd.ts → d.ts']);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
