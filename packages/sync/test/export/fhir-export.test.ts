// Issue 38: svc-sync export --format fhir-ndjson: a fleet straight from a store as FHIR Bulk Data NDJSON,
// one file per resource type, every line a valid FHIR R4 resource.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Observation } from '@medplum/fhirtypes';
import { fhirErrors } from '@svc/test-kit/fhir-validator';
import { describe, expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import { createSync, RESOURCES, storedSteps } from '../../src/index.js';
import { runCli } from '../fixtures/processes.js';
import { API_KEY, sandboxClient, TEAM } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Observation);

describe('svc-sync export --format fhir-ndjson', () => {
  it('issue 38: exports a store filled from the sandbox as Bulk Data NDJSON that validates, offsets as written', async () => {
    const { client } = sandboxClient();
    const { store, address } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, resources: ['steps', 'sleep', 'activity', 'body'] });
    const filled = await sync.backfill({ users: ['alice', 'bob'], from: '2025-12-01', to: '2025-12-05' })
      .result;
    expect(filled.status).toBe('done');
    const status = await store.status();
    const dir = join(stores.dir, 'export');

    const { counts, manifest } = await exportFhirNdjson(
      store,
      dir,
      RESOURCES,
      new Date('2026-01-05T10:00:00Z'),
    );
    expect(readdirSync(dir).sort()).toEqual(['Observation.ndjson', 'manifest.json']);
    const observations = lines(join(dir, 'Observation.ndjson'));
    expect(counts).toEqual({ Observation: observations.length });
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(manifest).toMatchObject({
      transactionTime: '2026-01-05T10:00:00.000Z',
      output: [
        {
          type: 'Observation',
          count: observations.length,
          url: expect.stringMatching(/^file:\/\/.*Observation\.ndjson$/),
        },
      ],
      error: [],
    });
    // One Observation per steps row, one or more per summary: every row is in the file.
    const steps = observations.filter((o) => o.code?.coding?.[0]?.code === '55423-8');
    expect(steps).toHaveLength(status.rows.steps ?? 0);
    expect(observations.length - steps.length).toBeGreaterThanOrEqual(
      (status.rows.sleep ?? 0) + (status.rows.activity ?? 0) + (status.rows.body ?? 0),
    );
    for (const observation of observations) expect(fhirErrors(observation), observation.id).toEqual([]);
    // A point written at the user's offset keeps it (the store's key is UTC; its record says how it was written).
    const written = new Map<string, string>();
    for await (const row of storedSteps(store))
      written.set(`${row.userId}|${row.start}`, row.data?.start as string);
    const offsets = steps.filter((o) => /[+-]\d\d:\d\d$/.test(o.effectivePeriod?.start ?? ''));
    expect(offsets.length).toBeGreaterThan(0);
    for (const o of steps) {
      const start = o.effectivePeriod?.start as string;
      expect(written.get(`${o.subject?.identifier?.value}|${new Date(start).toISOString()}`)).toBe(start);
    }

    // The command, as an operator runs it (the store is closed first: one writer, and a reader).
    await store.close();
    const run = await runCli(
      ['export', '--store', address, '--format', 'fhir-ndjson', '--out', join(stores.dir, 'cli')],
      {
        SVC_API_KEY: API_KEY,
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Observation: ${observations.length} lines in file://`, 'm'));
    expect(lines(join(stores.dir, 'cli', 'Observation.ndjson'))).toHaveLength(observations.length);
  });
});
