import { describe, expect, it } from 'vitest';
import { OutputTail } from '../../src/internal/output-tail.js';

// A mock serving a partner's suite all day: Prism writes about 500 characters per request, and `log()`
// must not keep them all (1 M requests would be 500 MB held by the partner's test process).
describe("the mock's kept Prism log", () => {
  const line = (n: number) => `[${n}] GET /v2/providers ${'.'.repeat(480)}\n`;

  it('keeps how Prism started and its newest output, and says how much it dropped between', () => {
    const tail = new OutputTail(1_000, 10_000);
    tail.add('Prism is listening on http://127.0.0.1:1\n');
    for (let n = 0; n < 20_000; n++) tail.add(line(n));
    const kept = tail.toString();
    expect(kept.length).toBeLessThan(1_000 + 10_000 + 100);
    expect(kept.startsWith('Prism is listening on')).toBe(true);
    expect(kept.endsWith(line(19_999))).toBe(true);
    const dropped = Number(/\[… (\d+) characters dropped …\]/.exec(kept)?.[1]);
    const written = 41 + Array.from({ length: 20_000 }, (_, n) => line(n).length).reduce((a, b) => a + b);
    expect(dropped).toBe(written - 1_000 - 10_000);
  });

  it('keeps everything, unmarked, while it fits', () => {
    const tail = new OutputTail(1_000, 10_000);
    const written = Array.from({ length: 15 }, (_, n) => line(n)).join('');
    for (let n = 0; n < 15; n++) tail.add(line(n));
    expect(tail.toString()).toBe(written);
  });
});
