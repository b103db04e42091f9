import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { type TimeseriesRow, timeseriesNdjson, writeNdjsonByType } from '../../src/index.js';

// A collector that can be called: V8's gc, exposed for this file only, so heap readings are live data.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ROWS = 100_000;
const USERS = 50;

/** A fleet's steps, made one row at a time as a store cursor hands them out (never held in memory). */
async function* fleetSteps(): AsyncGenerator<TimeseriesRow> {
  const start = Date.parse('2025-10-01T00:00:00Z');
  for (let index = 0; index < ROWS; index++) {
    const hour = Math.floor(index / USERS);
    yield {
      userId: `00000000-0000-4000-8000-${String(index % USERS).padStart(12, '0')}`,
      provider: index % 2 === 0 ? 'oura' : 'garmin',
      start: new Date(start + hour * 3_600_000).toISOString(),
      end: new Date(start + hour * 3_600_000 + 3_599_000).toISOString(),
      unit: 'count',
      value: index % 1500,
    };
  }
}

test('streams 100,000 steps rows to NDJSON with flat memory', async () => {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  let bytes = 0;
  let lines = 0;
  const counts = await writeNdjsonByType(
    timeseriesNdjson(fleetSteps(), { issued: '2026-01-05T09:00:00Z' }),
    () => ({
      write(line: string) {
        bytes += line.length;
        lines += 1;
        if (lines % 20_000 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
      },
    }),
  );
  expect(counts).toEqual({ Observation: ROWS });
  // The output is about 95 MB of text; holding even a tenth of it would break this bound.
  expect(bytes).toBeGreaterThan(75_000_000);
  expect(peak).toBeLessThan(8 * 1024 * 1024);
});
