// Issue 43: ids are injective and never throw; text that is not a name, a value that is not a number
// once converted, and a unit of another kind are refused by name (an OperationOutcome line in an
// export), never exported unflagged.
import type { OperationOutcome } from '@medplum/fhirtypes';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import {
  labReportToFhir,
  type NdjsonLine,
  summariesNdjson,
  summaryObservations,
  timeseriesNdjson,
  timeseriesObservation,
} from '../../src/index.js';
import { COMPLETED_JOB, ISSUED, STEP_IN_UTC, USER_ID } from '../fixtures/records.js';

async function collect(lines: AsyncIterable<NdjsonLine>): Promise<NdjsonLine[]> {
  const out: NdjsonLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

const body = (userId: string, provider: string, data: Record<string, unknown> = { weight: 70 }) => ({
  resource: 'body',
  userId,
  provider,
  calendarDate: '2026-01-01',
  data,
});

describe('issue 43: ids and names', () => {
  test('a | in a user id or provider cannot give two records the same Observation id', () => {
    const a = timeseriesObservation({ ...STEP_IN_UTC, userId: 'a|b', provider: 'c' }, { issued: ISSUED });
    const b = timeseriesObservation({ ...STEP_IN_UTC, userId: 'a', provider: 'b|c' }, { issued: ISSUED });
    expect(a.id).not.toBe(b.id);
    expect(a.identifier?.[0]?.value).not.toBe(b.identifier?.[0]?.value);
    const [c] = summaryObservations(body('a|b', 'c'), { issued: ISSUED });
    const [d] = summaryObservations(body('a', 'b|c'), { issued: ISSUED });
    expect(c?.id).not.toBe(d?.id);
  });

  test('the same record gives the same id on every run', () => {
    const once = timeseriesObservation(STEP_IN_UTC, { issued: ISSUED });
    expect(timeseriesObservation(STEP_IN_UTC, { issued: '2027-01-01T00:00:00Z' }).id).toBe(once.id);
  });

  test('a lone surrogate in an id is an OperationOutcome line, and the stream goes on', async () => {
    const lines = await collect(
      timeseriesNdjson([{ ...STEP_IN_UTC, userId: 'user-\ud800' }, STEP_IN_UTC], { issued: ISSUED }),
    );
    expect(lines.map((line) => line.resourceType)).toEqual(['OperationOutcome', 'Observation']);
    expect(lines[0]?.line).toMatch(/U\+D800/);
    expectValidFhir(JSON.parse(lines[0]?.line as string) as OperationOutcome);
    const summaries = await collect(
      summariesNdjson([body(USER_ID, 'oura\udc00x'), body(USER_ID, 'oura')], { issued: ISSUED }),
    );
    expect(summaries.map((line) => line.resourceType)).toEqual(['OperationOutcome', 'Observation']);
  });

  test('a lab job id with a lone surrogate does not throw', () => {
    const { report } = labReportToFhir({ ...COMPLETED_JOB, id: 'job-\ud800' }, { subject: USER_ID });
    expect(report.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('control characters in a user id or provider are refused by name', () => {
    expect(() =>
      timeseriesObservation({ ...STEP_IN_UTC, provider: 'oura\u0007' }, { issued: ISSUED }),
    ).toThrow(/row\.provider: holds U\+0007/);
    expect(() => summaryObservations(body('user\u0000', 'oura'), { issued: ISSUED })).toThrow(
      /row\.userId: holds U\+0000/,
    );
    expect(() => summaryObservations(body(USER_ID, 'oura\u0085'), { issued: ISSUED })).toThrow(/U\+0085/);
  });

  test('a conversion that overflows is refused, not written as null', async () => {
    const row = body(USER_ID, 'oura', { weight: { value: 1e308, unit: 'g' } });
    expect(summaryObservations(row, { issued: ISSUED })[0]?.valueQuantity?.value).toBe(1e305);
    const huge = {
      resource: 'workouts',
      userId: USER_ID,
      provider: 'oura',
      calendarDate: '2026-01-01',
      data: { distance: { value: 1e306, unit: 'km' } },
    };
    const lines = await collect(summariesNdjson([huge], { issued: ISSUED }));
    expect(lines.map((line) => line.resourceType)).toEqual(['OperationOutcome']);
    expect(lines[0]?.line).toMatch(/out of range in m/);
    expect(lines.some((line) => line.line.includes('"value":null'))).toBe(false);
  });

  test('a unit of another kind is refused, never written under the measure', () => {
    expect(() =>
      summaryObservations(body(USER_ID, 'oura', { weight: { value: 70, unit: 'min' } }), { issued: ISSUED }),
    ).toThrow(/is min, not a unit of kg/);
    expect(() => timeseriesObservation({ ...STEP_IN_UTC, unit: 'kg' }, { issued: ISSUED })).toThrow(
      /not a unit of steps/,
    );
  });
});
