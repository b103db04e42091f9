import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stderrLines } from '../../src/internal/stderr-lines.js';

/** A stderr whose reader is away until `read()`: every write waits for it. */
function lateReader() {
  const written: string[] = [];
  const waiting: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      waiting.push(done);
    },
  });
  const read = async () => {
    while (waiting.length > 0) {
      waiting.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { stream, written, read };
}

describe('stderr lines under a host that does not read stderr', () => {
  it('never throws, keeps their order, drops past the bound and says how many once read again', async () => {
    const { stream, written, read } = lateReader();
    const lines = stderrLines(stream, 100);
    for (let index = 0; index < 10; index++) lines.write(`line ${index} ${'x'.repeat(20)}\n`);
    await read();
    await read();
    expect(written.slice(0, 3).map((line) => line.slice(0, 6))).toEqual(['line 0', 'line 1', 'line 2']);
    expect(written).toHaveLength(4);
    expect(written[3]).toMatch(/^svc-mcp: 7 stderr line\(s\) dropped: the host did not read stderr/);
    lines.write('after\n');
    await read();
    expect(written.at(-1)).toBe('after\n');
  });

  it('loses the lines, not the server, when stderr is closed', async () => {
    const stream = new Writable({ write: (_chunk, _encoding, done) => done(new Error('EPIPE')) });
    const lines = stderrLines(stream);
    lines.write('one\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => lines.write('two\n')).not.toThrow();
    await lines.flushed();
  });
});
