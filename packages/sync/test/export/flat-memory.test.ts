// Issue 38: the export reads the store a page at a time and waits for each file to take its lines, so the
// heap stays flat however large the fleet: 60,000 steps rows (about 55 MB of NDJSON) within 8 MB.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import type { StepRow, SyncWindow } from '../../src/index.js';
import { tempStores } from '../fixtures/temp-store.js';

// V8's collector, exposed for this file only, so heap readings are live data and not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const USERS = 50;
const HOURS = 1_200; // 50 days
const stores = tempStores();

it('issue 38: exports 60,000 steps rows with a flat heap', async () => {
  const { store } = await stores.open();
  const start = Date.parse('2025-10-01T00:00:00Z');
  for (let user = 0; user < USERS; user++) {
    const userId = `00000000-0000-4000-8000-${String(user).padStart(12, '0')}`;
    const steps: StepRow[] = Array.from({ length: HOURS }, (_, hour) => {
      const at = new Date(start + hour * 3_600_000);
      const end = new Date(at.getTime() + 3_599_000);
      return {
        userId,
        provider: 'oura',
        start: at.toISOString(),
        end: end.toISOString(),
        unit: 'count',
        value: (user * hour) % 1500,
        data: {
          start: at.toISOString(),
          end: end.toISOString(),
          unit: 'count',
          value: (user * hour) % 1500,
          source: { provider: 'oura', type: 'ring' },
        },
      };
    });
    const window: SyncWindow = {
      userId,
      resource: 'steps',
      provider: 'oura',
      start: '2025-10-01',
      end: '2025-11-19',
      asOf: '2026-01-05T09:00:00.000Z',
    };
    const [planned] = await store.planWindows([window]);
    await store.commitWindow(planned as SyncWindow, { steps, summaries: [] }, '2026-01-05T10:00:00.000Z');
  }
  const dir = join(stores.dir, 'large');
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
  }, 200);
  try {
    const { counts } = await exportFhirNdjson(store, dir, { resources: ['steps'], steps: 'hourly' });
    expect(counts).toEqual({ Observation: USERS * HOURS, Patient: USERS, Device: 1 });
  } finally {
    clearInterval(sampler);
  }
  // Holding the rows, or the lines, would take several times this bound.
  expect(statSync(join(dir, 'Observation.ndjson')).size).toBeGreaterThan(40_000_000);
  expect(peak).toBeLessThan(8 * 1024 * 1024);
}, 120_000);
