// Issue 46: a clinician reads steps as daily totals: one Observation per local day (LOINC 41950-7),
// the day the points were written in, the offset kept, the value the day's sum.
import type { Observation } from '@medplum/fhirtypes';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import { dailyStepsNdjson, type NdjsonLine, type TimeseriesRow } from '../../src/index.js';
import { ISSUED, USER_ID } from '../fixtures/records.js';

const point = (start: string, end: string, value: number, provider = 'oura'): TimeseriesRow => ({
  userId: USER_ID,
  provider,
  start,
  end,
  unit: 'count',
  value,
});

async function collect(lines: AsyncIterable<NdjsonLine>): Promise<NdjsonLine[]> {
  const out: NdjsonLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('dailyStepsNdjson', () => {
  test('sums the points of each local day, keeps the offset, and names a bad point', async () => {
    const lines = await collect(
      dailyStepsNdjson(
        [
          // 23:00 and 23:30 at +02:00 are the 1st locally, though the 1st's 21:00Z and 21:30Z.
          point('2026-01-01T23:00:00+02:00', '2026-01-01T23:29:59+02:00', 100),
          point('2026-01-01T23:30:00+02:00', '2026-01-01T23:59:59+02:00', 50.4),
          point('2026-01-02T00:00:00+02:00', '2026-01-02T00:59:59+02:00', 7),
          point('2026-01-02T24:00:00+02:00', '2026-01-02T24:59:59+02:00', 9),
          point('2026-01-01T10:00:00Z', '2026-01-01T10:59:59Z', 30, 'garmin'),
        ],
        { issued: ISSUED },
      ),
    );
    // A bad point is named as it is met; a provider's days when its points end.
    expect(lines.map((line) => line.resourceType)).toEqual([
      'OperationOutcome',
      'Observation',
      'Observation',
      'Observation',
    ]);
    expect(lines[0]?.line).toMatch(/hour 24/);
    const [, first, second, garmin] = lines.map((line) => JSON.parse(line.line) as Observation);
    expect(first).toMatchObject({
      code: { coding: [{ code: '41950-7' }] },
      valueQuantity: { value: 150, code: '{steps}' },
      effectivePeriod: { start: '2026-01-01T00:00:00+02:00', end: '2026-01-02T00:00:00+02:00' },
    });
    expect(second?.valueQuantity?.value).toBe(7);
    expect(garmin?.effectivePeriod?.start).toBe('2026-01-01T00:00:00Z');
    expect(new Set([first?.id, second?.id, garmin?.id]).size).toBe(3);
    for (const observation of [first, second, garmin]) expectValidFhir(observation as Observation);
  });
});
