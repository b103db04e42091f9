import { ValidationError } from '@svc/client';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import { LOINC_SYSTEM, labReportToFhir } from '../../src/index.js';
import { COMPLETED_JOB, USER_ID } from '../fixtures/records.js';

const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

describe('labReportToFhir', () => {
  test('a completed job is a final DiagnosticReport listing one Observation per biomarker, all valid', () => {
    const { report, observations, document } = labReportToFhir(COMPLETED_JOB, { subject: USER_ID });
    expect(document).toBeUndefined();
    expect(report).toMatchObject({
      status: 'final',
      code: { coding: [{ system: LOINC_SYSTEM, code: '11502-2' }] },
      subject: { identifier: { value: USER_ID } },
      issued: '2026-01-05T09:00:30.000Z', // the job's updated_at
      identifier: [{ value: COMPLETED_JOB.id }],
    });
    expect(report.result).toEqual(observations.map((o) => ({ reference: `Observation/${o.id}` })));
    expect(observations.map((o) => o.code?.text)).toEqual(COMPLETED_JOB.results?.map((r) => r.name));
    for (const resource of [report, ...observations]) expectValidFhir(resource);
  });

  test('an Observation carries the UCUM value, the reference range and the interpretation of the flag', () => {
    const hdl = labReportToFhir(COMPLETED_JOB, { subject: USER_ID }).observations[2];
    expect(hdl).toMatchObject({
      code: { coding: [{ system: LOINC_SYSTEM, code: '2085-9' }], text: 'HDL Cholesterol' },
      valueQuantity: { value: 92.3, code: 'mg/dL', system: 'http://unitsofmeasure.org' },
      referenceRange: [
        { low: { value: 40, code: 'mg/dL' }, high: { value: 90, code: 'mg/dL' }, text: '40-90' },
      ],
      interpretation: [{ coding: [{ code: 'H' }], text: 'high' }],
      category: [{ coding: [{ code: 'laboratory' }] }],
    });
  });

  test('the report file goes in presentedForm, or in a DocumentReference pointing at the report', () => {
    const reportFile = { data: PDF, contentType: 'application/pdf' as const, title: 'lab-report.pdf' };
    const inline = labReportToFhir(COMPLETED_JOB, { subject: USER_ID, reportFile });
    expect(inline.report.presentedForm).toEqual([
      {
        contentType: 'application/pdf',
        data: Buffer.from(PDF).toString('base64'),
        size: PDF.length,
        title: 'lab-report.pdf',
      },
    ]);
    expectValidFhir(inline.report);
    const { report, document } = labReportToFhir(COMPLETED_JOB, {
      subject: { reference: 'Patient/123' },
      reportFile: { url: 'https://files.example/reports/1.pdf', contentType: 'application/pdf' },
      reportFileAs: 'DocumentReference',
    });
    expect(report.presentedForm).toBeUndefined();
    expect(document?.context?.related).toEqual([{ reference: `DiagnosticReport/${report.id}` }]);
    expect(document?.subject).toEqual({ reference: 'Patient/123' });
    if (document) expectValidFhir(document);
  });

  test('a job under review is preliminary; a failed or unfinished job has nothing to convert', () => {
    const review = labReportToFhir({ ...COMPLETED_JOB, status: 'pending_review' }, { subject: USER_ID });
    expect([review.report.status, review.observations[0]?.status]).toEqual(['preliminary', 'preliminary']);
    expect(() => labReportToFhir({ ...COMPLETED_JOB, status: 'failed' }, { subject: USER_ID })).toThrow(
      ValidationError,
    );
    expect(() => labReportToFhir({ ...COMPLETED_JOB, status: 'pending' }, { subject: USER_ID })).toThrow(
      /pending/,
    );
    expect(() => labReportToFhir({ ...COMPLETED_JOB, results: undefined }, { subject: USER_ID })).toThrow(
      /results/,
    );
  });

  test('the sample time, when given, is the effective time of the report and each result', () => {
    const { report, observations } = labReportToFhir(COMPLETED_JOB, {
      subject: USER_ID,
      effective: '2026-01-03T07:45:00-05:00',
    });
    expect([report.effectiveDateTime, observations[0]?.effectiveDateTime]).toEqual([
      '2026-01-03T07:45:00-05:00',
      '2026-01-03T07:45:00-05:00',
    ]);
    expect(
      labReportToFhir(COMPLETED_JOB, { subject: USER_ID, effective: '2026-01-03' }).report.effectiveDateTime,
    ).toBe('2026-01-03');
    expect(() => labReportToFhir(COMPLETED_JOB, { subject: USER_ID, effective: 'Tuesday' })).toThrow(
      /effective/,
    );
  });

  test('issued comes from the caller or the job, never made up', () => {
    const { updated_at: _updated, ...withoutTime } = COMPLETED_JOB as Record<string, unknown>;
    expect(() => labReportToFhir(withoutTime, { subject: USER_ID })).toThrow(/issued/);
    expect(
      labReportToFhir(withoutTime, { subject: USER_ID, issued: new Date('2026-01-06T00:00:00Z') }).report
        .issued,
    ).toBe('2026-01-06T00:00:00.000Z');
  });

  test('the same job gives the same ids on every run; values, text results and absent values all validate', () => {
    const job = {
      ...COMPLETED_JOB,
      results: [
        { name: 'HIV 1/2 Ab', value: 'Negative', interpretation: 'negative', loinc_code: '7917-8' },
        {
          name: 'Vitamin D',
          value: '<5',
          unit: 'ng/mL',
          reference_range: '30-100',
          interpretation: 'critical_low',
        },
        { name: 'Ferritin', value: null, unit: 'ng/mL' },
        { name: 'Lp-PLA2', value: 212, unit: 'nmol/min/mL', reference_range: '<225' },
      ],
    };
    const first = labReportToFhir(job, { subject: USER_ID });
    expect(labReportToFhir(job, { subject: USER_ID }).observations.map((o) => o.id)).toEqual(
      first.observations.map((o) => o.id),
    );
    expect(
      first.observations.map(
        (o) => o.valueString ?? o.valueQuantity ?? o.dataAbsentReason?.coding?.[0]?.code,
      ),
    ).toEqual([
      'Negative',
      { value: 5, comparator: '<', unit: 'ng/mL', system: 'http://unitsofmeasure.org', code: 'ng/mL' },
      'unknown',
      { value: 212, unit: 'nmol/min/mL' },
    ]);
    expect(first.observations[3]?.meta?.tag?.map((tag) => tag.code)).toEqual([
      'loinc-unmatched',
      'unit-unknown',
    ]);
    for (const resource of [first.report, ...first.observations]) expectValidFhir(resource);
  });
});
