import { ValidationError } from '@svc/client';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import { labReportToFhir, summaryObservations, timeseriesObservation, userBundle } from '../../src/index.js';
import {
  COMPLETED_JOB,
  ISSUED,
  NEAR_MIDNIGHT_STEPS,
  STEP_WITH_OFFSET,
  TWO_PROVIDER_SLEEP,
  USER_ID,
} from '../fixtures/records.js';

function userResources() {
  const lab = labReportToFhir(COMPLETED_JOB, { subject: USER_ID });
  return [
    lab.report,
    ...lab.observations,
    ...NEAR_MIDNIGHT_STEPS.map((row) => timeseriesObservation(row, { issued: ISSUED })),
    ...TWO_PROVIDER_SLEEP.flatMap((row) =>
      summaryObservations({ ...row, data: { ...row.data, duration: 27_000 } }, { issued: ISSUED }),
    ),
  ];
}

describe('userBundle', () => {
  test('a collection: every entry under its urn:uuid, the report pointing at its Observations there', () => {
    const resources = userResources();
    const bundle = userBundle(resources, { type: 'collection', timestamp: ISSUED });
    expect(bundle.entry).toHaveLength(resources.length);
    const fullUrls = new Set(bundle.entry?.map((entry) => entry.fullUrl));
    const report = bundle.entry?.[0]?.resource;
    expect(report?.resourceType).toBe('DiagnosticReport');
    for (const { reference } of (report as { result: Array<{ reference: string }> }).result)
      expect(fullUrls.has(reference)).toBe(true);
    expectValidFhir(bundle);
  });

  test('issue 46: a transaction updates each resource at its stable id, so loading it twice creates nothing twice', () => {
    const resources = userResources();
    const bundle = userBundle(resources, { type: 'transaction' });
    expect(bundle.entry?.map((entry) => entry.request)).toEqual(
      resources.map((resource) => ({ method: 'PUT', url: `${resource.resourceType}/${resource.id}` })),
    );
    expect(bundle.entry?.map((entry) => entry.resource?.id)).toEqual(
      resources.map((resource) => resource.id),
    );
    // The report points at its Observations by their ids, which the same bundle puts there.
    const report = bundle.entry?.[0]?.resource as { result: Array<{ reference: string }> };
    const urls = new Set(bundle.entry?.map((entry) => entry.request?.url));
    for (const { reference } of report.result) expect(urls.has(reference)).toBe(true);
    expectValidFhir(bundle);
  });

  test("refuses resources about more than one user, and resources without this package's ids", () => {
    const other = timeseriesObservation({ ...STEP_WITH_OFFSET, userId: 'someone-else' }, { issued: ISSUED });
    expect(() => userBundle([...userResources(), other], { type: 'collection' })).toThrow(/2 subjects/);
    expect(() =>
      userBundle([{ resourceType: 'Observation', id: 'x', status: 'final', code: { text: 'x' } }], {
        type: 'collection',
      }),
    ).toThrow(ValidationError);
  });
});
