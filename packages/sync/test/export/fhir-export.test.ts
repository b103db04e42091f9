// Issue 38: svc-sync export --format fhir-ndjson: a fleet straight from a store as FHIR Bulk Data NDJSON,
// one file per resource type, every line a valid FHIR R4 resource.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Device, Observation, Patient } from '@medplum/fhirtypes';
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

    const { counts, manifest } = await exportFhirNdjson(store, dir, {
      resources: RESOURCES,
      transactionTime: new Date('2026-01-05T10:00:00Z'),
      steps: 'hourly',
    });
    expect(readdirSync(dir).sort()).toEqual([
      'Device.ndjson',
      'Observation.ndjson',
      'Patient.ndjson',
      'manifest.json',
    ]);
    const observations = lines(join(dir, 'Observation.ndjson'));
    const patients = lines(join(dir, 'Patient.ndjson')) as unknown as Patient[];
    const devices = lines(join(dir, 'Device.ndjson')) as unknown as Device[];
    expect(counts).toEqual({ Observation: observations.length, Patient: 2, Device: devices.length });
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(manifest).toMatchObject({
      transactionTime: '2026-01-05T10:00:00.000Z',
      output: [
        { type: 'Device', count: devices.length },
        {
          type: 'Observation',
          count: observations.length,
          url: expect.stringMatching(/^file:\/\/.*Observation\.ndjson$/),
        },
        { type: 'Patient', count: 2 },
      ],
      error: [],
    });
    // Issue 46: every subject and device is a reference to a resource inside the export.
    const inExport = new Set([...patients, ...devices].map((r) => `${r.resourceType}/${r.id}`));
    for (const o of observations) {
      expect(inExport.has(o.subject?.reference as string), o.id).toBe(true);
      expect(inExport.has(o.device?.reference as string), o.id).toBe(true);
    }
    for (const resource of [...patients, ...devices]) expect(fhirErrors(resource), resource.id).toEqual([]);
    // Without a patient system, a Patient carries the service's user id only.
    expect(patients.map((p) => p.identifier?.map((i) => i.system))).toEqual([
      ['https://svc.invalid/fhir/user-id'],
      ['https://svc.invalid/fhir/user-id'],
    ]);
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
      const patient = patients.find((p) => `Patient/${p.id}` === o.subject?.reference);
      const userId = patient?.identifier?.[0]?.value;
      expect(written.get(`${userId}|${new Date(start).toISOString()}`)).toBe(start);
    }

    // The command, as an operator runs it (the store is closed first: one writer, and a reader).
    await store.close();
    const run = await runCli(
      [
        'export',
        '--store',
        address,
        '--format',
        'fhir-ndjson',
        '--out',
        join(stores.dir, 'cli'),
        '--patient-system',
        'https://ehr.example.org/patients',
        '--steps',
        'hourly',
      ],
      { SVC_API_KEY: API_KEY },
    );
    expect(run.code).toBe(0);
    const named = lines(join(stores.dir, 'cli', 'Patient.ndjson')) as unknown as Patient[];
    expect(named.map((p) => p.identifier?.[0])).toEqual([
      { use: 'usual', system: 'https://ehr.example.org/patients', value: 'alice' },
      { use: 'usual', system: 'https://ehr.example.org/patients', value: 'bob' },
    ]);
    // Two exports of one store give the same ids.
    expect(named.map((p) => p.id)).toEqual(patients.map((p) => p.id));
    expect(lines(join(stores.dir, 'cli', 'Observation.ndjson')).map((o) => o.id)).toEqual(
      observations.map((o) => o.id),
    );
    const bare = await runCli([
      'export',
      '--store',
      address,
      '--format',
      'fhir-ndjson',
      '--out',
      join(stores.dir, 'bare'),
    ]);
    expect(bare.stdout).toMatch(/^no --patient-system: each Patient carries the service's user id only/m);
    expect(run.stdout).toMatch(new RegExp(`^Observation: ${observations.length} lines in file://`, 'm'));
    expect(lines(join(stores.dir, 'cli', 'Observation.ndjson'))).toHaveLength(observations.length);
  });
});
