// Issue 46: `--since <instant>` (Bulk Data's `_since`): an export of only what the store took after the
// instant, so a partner can push each day's changes; the manifest's request says so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import type { SyncWindow } from '../../src/index.js';
import { runCli } from '../fixtures/processes.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const lines = <T>(file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);

async function twoDaysOfReads() {
  const { store, address } = await stores.open();
  const read = async (userId: string, hour: number, fetchedAt: string) => {
    const window: SyncWindow = {
      userId,
      resource: 'steps',
      provider: 'oura',
      start: '2025-10-01',
      end: '2025-10-01',
      asOf: fetchedAt,
    };
    const [planned] = await store.planWindows([window], { force: true });
    const start = new Date(Date.UTC(2025, 9, 1, hour)).toISOString();
    const end = new Date(Date.UTC(2025, 9, 1, hour, 59, 59)).toISOString();
    await store.commitWindow(
      planned as SyncWindow,
      {
        steps: [{ userId, provider: 'oura', start, end, unit: 'count', value: 100 + hour, data: {} }],
        summaries: [],
      },
      fetchedAt,
    );
  };
  await read('user-a', 1, '2026-01-04T10:00:00.000Z');
  await read('user-b', 2, '2026-01-04T10:00:00.000Z');
  await read('user-b', 3, '2026-01-05T10:00:00.000Z');
  return { store, address };
}

describe('issue 46: svc-sync export --since', () => {
  it('exports only the rows taken after the instant, and the Patients they refer to', async () => {
    const { store } = await twoDaysOfReads();
    const dir = join(stores.dir, 'since');
    const { counts, manifest } = await exportFhirNdjson(store, dir, {
      resources: ['steps'],
      steps: 'hourly',
      since: '2026-01-05T00:00:00Z',
    });
    expect(counts).toEqual({ Observation: 1, Patient: 1, Device: 1 });
    const [only] = lines<Observation>(join(dir, 'Observation.ndjson'));
    expect(only?.valueQuantity?.value).toBe(103);
    const [patient] = lines<Patient>(join(dir, 'Patient.ndjson'));
    expect(only?.subject?.reference).toBe(`Patient/${patient?.id}`);
    expect(manifest.request).toMatch(/--since 2026-01-05T00:00:00Z \(_since=2026-01-05T00:00:00\.000Z\)/);
    const whole = await exportFhirNdjson(store, join(stores.dir, 'whole'), {
      resources: ['steps'],
      steps: 'hourly',
    });
    expect(whole.counts.Observation).toBe(3);
  });

  it('refuses --since with daily steps (a day needs its whole), and a --since that is not an instant, exit 2', async () => {
    const { store, address } = await twoDaysOfReads();
    await store.close();
    const out = join(stores.dir, 'refused');
    const daily = await runCli([
      'export',
      '--store',
      address,
      '--format',
      'fhir-ndjson',
      '--out',
      out,
      '--since',
      '2026-01-05T00:00:00Z',
    ]);
    expect(daily.code).toBe(2);
    expect(daily.stderr).toMatch(
      /^svc-sync: --since exports the points that changed: use it with --steps hourly/,
    );
    const bad = await runCli([
      'export',
      '--store',
      address,
      '--format',
      'fhir-ndjson',
      '--out',
      out,
      '--steps',
      'hourly',
      '--since',
      'yesterday',
    ]);
    expect(bad.stderr).toBe(
      'svc-sync: --since must be a day YYYY-MM-DD or an ISO date-time with its offset, such as 2026-01-05T00:00:00Z (got "yesterday")\n',
    );
    expect(bad.code).toBe(2);
  }, 60_000);

  it('refuses a --since whose date the calendar does not have (Date.parse takes 2026-02-30 as 2 March), exit 2', async () => {
    const { store, address } = await twoDaysOfReads();
    await store.close();
    const out = join(stores.dir, 'no-such-day');
    const args = ['export', '--store', address, '--format', 'fhir-ndjson', '--out', out, '--steps', 'hourly'];
    const run = await runCli([...args, '--since', '2026-02-30T00:00:00Z']);
    expect(run.stderr).toBe(
      'svc-sync: --since must be a day YYYY-MM-DD or an ISO date-time with its offset, such as 2026-01-05T00:00:00Z (got "2026-02-30T00:00:00Z": the calendar has no 2026-02-30)\n',
    );
    expect(run.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    // In code too, the same instant is refused rather than read as 2 March.
    const opened = await stores.open();
    await expect(
      exportFhirNdjson(opened.store, out, {
        resources: ['steps'],
        steps: 'hourly',
        since: '2026-02-30T00:00:00Z',
      }),
    ).rejects.toThrow('--since 2026-02-30T00:00:00Z is not an instant');
    // Nor is one without an offset, which each machine's time zone would read differently.
    await expect(
      exportFhirNdjson(opened.store, out, {
        resources: ['steps'],
        steps: 'hourly',
        since: '2026-01-05T10:00',
      }),
    ).rejects.toThrow('--since 2026-01-05T10:00 is not an instant');
    const day = await runCli([...args, '--since', '2026-01-05']);
    expect(day.code).toBe(0);
  }, 60_000);
});
