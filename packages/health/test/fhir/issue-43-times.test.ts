// Issue 43: a health time reaches FHIR only in FHIR's own grammar. What is unambiguous is written
// again (seconds added, `Z` upper case, `+02:00` with its colon); anything else is refused by name,
// which a Bulk Data export records as an OperationOutcome line while the other rows go on.
import type { Observation, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import {
  labReportToFhir,
  type NdjsonLine,
  summariesNdjson,
  summaryObservations,
  timeseriesNdjson,
  timeseriesObservation,
  userBundle,
} from '../../src/index.js';
import { COMPLETED_JOB, ISSUED, STEP_IN_UTC, USER_ID } from '../fixtures/records.js';

// FHIR R4's dateTime and instant grammars, as the specification writes them.
const FHIR_DATE_TIME =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?)?)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)?)?)?$/;
const FHIR_INSTANT =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$/;

const step = (start: string, end: string) => ({ ...STEP_IN_UTC, start, end });

async function collect(lines: AsyncIterable<NdjsonLine>): Promise<NdjsonLine[]> {
  const out: NdjsonLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('issue 43: health times are checked before they become FHIR', () => {
  test.each([
    ['no seconds', '2026-01-02T04:30+01:00', '2026-01-02T04:30:00+01:00'],
    ['an offset without its colon', '2026-01-02T04:30:00+0100', '2026-01-02T04:30:00+01:00'],
    ['a lower-case z', '2026-01-02T04:30:00z', '2026-01-02T04:30:00Z'],
    ['a lower-case t', '2026-01-02t04:30:00Z', '2026-01-02T04:30:00Z'],
    ['a fraction', '2026-01-02T04:30:00.250-03:30', '2026-01-02T04:30:00.250-03:30'],
  ])('%s is written in FHIR grammar, the instant unchanged', (_, written, fhir) => {
    const observation = timeseriesObservation(step(written, '2026-01-02T23:00:00Z'), { issued: ISSUED });
    expect(observation.effectivePeriod?.start).toBe(fhir);
    expect(observation.effectivePeriod?.start).toMatch(FHIR_DATE_TIME);
    expect(Date.parse(fhir)).toBe(
      Date.parse(written.replace('+0100', '+01:00').replace(/[tz]/g, (c) => c.toUpperCase())),
    );
    expectValidFhir(observation);
  });

  test.each([
    ['hour 24', '2026-01-02T24:00:00Z', /hour 24/],
    ['an offset past +14:00', '2026-01-02T04:30:00+15:00', /past the ±14:00/],
    ['offset minutes past 59', '2026-01-02T04:30:00+01:75', /past the ±14:00/],
    ['year 0000', '0000-01-02T04:30:00Z', /year 0000/],
    ['a day that does not exist', '2026-02-30T04:30:00Z', /does not exist/],
    ['month 13', '2026-13-02T04:30:00Z', /month 13/],
    ['minute 60', '2026-01-02T04:60:00Z', /minute 60/],
    ['no zone', '2026-01-02T04:30:00', /must be an ISO 8601/],
  ])('%s is refused by name, never copied', (_, written, message) => {
    expect(() => timeseriesObservation(step(written, '2026-01-03T00:00:00Z'), { issued: ISSUED })).toThrow(
      message,
    );
    expect(() => timeseriesObservation(step(written, '2026-01-03T00:00:00Z'), { issued: ISSUED })).toThrow(
      ValidationError,
    );
  });

  test('an end before its start is refused', () => {
    expect(() =>
      timeseriesObservation(step('2026-01-02T05:00:00Z', '2026-01-02T04:00:00Z'), { issued: ISSUED }),
    ).toThrow(/row\.end/);
  });

  test('in an export, a malformed time is an OperationOutcome line and the next row goes on', async () => {
    const lines = await collect(
      timeseriesNdjson([step('2026-01-02T24:00:00Z', '2026-01-03T00:59:59Z'), STEP_IN_UTC], {
        issued: ISSUED,
      }),
    );
    expect(lines.map((line) => line.resourceType)).toEqual(['OperationOutcome', 'Observation']);
    const outcome = JSON.parse(lines[0]?.line as string) as OperationOutcome;
    expect(outcome.issue[0]?.diagnostics).toMatch(/row\.start: has hour 24/);
    expectValidFhir(outcome);
  });

  test('a sleep night written without seconds or colon is normalised; an impossible calendar date is refused', async () => {
    const row = {
      resource: 'sleep',
      userId: USER_ID,
      provider: 'oura',
      calendarDate: '2026-01-01',
      data: { bedtime_start: '2026-01-01T22:30+0100', bedtime_end: '2026-01-02T06:10z', duration: 25_200 },
    };
    const [sleep] = summaryObservations(row, { issued: ISSUED });
    expect(sleep?.effectivePeriod).toEqual({
      start: '2026-01-01T22:30:00+01:00',
      end: '2026-01-02T06:10:00Z',
    });
    expectValidFhir(sleep as Observation);
    const lines = await collect(
      summariesNdjson([{ ...row, resource: 'body', calendarDate: '2026-02-29', data: { weight: 70 } }], {
        issued: ISSUED,
      }),
    );
    expect(lines.map((line) => line.resourceType)).toEqual(['OperationOutcome']);
    expect(lines[0]?.line).toMatch(/2026-02-29, a day that does not exist/);
  });

  test("a lab job's updated_at and effective time reach FHIR in its grammar", () => {
    const { report, observations } = labReportToFhir(
      { ...COMPLETED_JOB, updated_at: '2026-01-05T09:00z' } as typeof COMPLETED_JOB,
      { subject: USER_ID, effective: '2026-01-04T08:15+0100' },
    );
    expect(report.issued).toBe('2026-01-05T09:00:00Z');
    expect(report.issued).toMatch(FHIR_INSTANT);
    expect(report.effectiveDateTime).toBe('2026-01-04T08:15:00+01:00');
    for (const resource of [report, ...observations] as Resource[]) expectValidFhir(resource);
    expect(() =>
      labReportToFhir({ ...COMPLETED_JOB, updated_at: '2026-01-05T09:00:00+14:30' } as typeof COMPLETED_JOB, {
        subject: USER_ID,
      }),
    ).toThrow(/issued: has offset/);
    expect(() => labReportToFhir(COMPLETED_JOB, { subject: USER_ID, effective: '0000-01-04' })).toThrow(
      /year 0000/,
    );
  });

  test("a bundle's timestamp is written as an instant", () => {
    const bundle = userBundle([], { type: 'collection', timestamp: '2026-01-05T09:00+0000' });
    expect(bundle.timestamp).toBe('2026-01-05T09:00:00+00:00');
    expect(bundle.timestamp).toMatch(FHIR_INSTANT);
  });
});
