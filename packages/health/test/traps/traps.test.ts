import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import { convertValue, UCUM_SYSTEM } from '../../src/index.js';
import {
  COMPLETED_JOB,
  ISSUED,
  NEW_YORK,
  NIGHT_IN_FOURTEEN,
  STEP_IN_UTC,
  STEP_WITH_OFFSET,
  TWO_PROVIDER_SLEEP,
  USER_ID,
} from '../fixtures/records.js';
import { type Implementation, naive, ours } from './implementations.js';

// Each trap of issue 38 as a check of an implementation: ours must pass it, a first attempt must fail it.
const TRAPS: Record<string, (impl: Implementation) => void> = {
  'a glucose of 6.111 mmol/L is never read as 6.111 mg/dL': (impl) => {
    const observations = impl.labObservations(COMPLETED_JOB, USER_ID);
    const glucose = observations.find(
      (o) => o.code?.text === 'Glucose' || o.code?.coding?.[0]?.code === '2345-7',
    );
    expect(glucose?.valueQuantity).toEqual({
      value: 6.111,
      unit: 'mmol/L',
      system: UCUM_SYSTEM,
      code: 'mmol/L',
    });
    // Coded as glucose in moles per volume, so a chart of 2345-7 (mg/dL) never shows it as 6.111.
    expect(glucose?.code?.coding?.[0]?.code).toBe('14749-6');
    for (const observation of observations)
      if (observation.code?.coding?.[0]?.code === '2345-7')
        expect(observation.valueQuantity?.code).toBe('mg/dL');
    expect(convertValue(6.111, 'mmol/L', 'mg/dL', { analyte: 'glucose' })).toBeCloseTo(110.096, 3);
  },
  'a biomarker without a LOINC match is kept, flagged, under its own name': (impl) => {
    const observations = impl.labObservations(COMPLETED_JOB, USER_ID);
    expect(observations).toHaveLength(COMPLETED_JOB.results?.length ?? -1);
    const omega = observations.find((o) => o.code?.text === 'Omega-3 Index');
    expect(omega?.code?.coding).toBeUndefined();
    expect(omega?.meta?.tag?.map((tag) => tag.code)).toContain('loinc-unmatched');
    expect(omega?.valueQuantity?.value).toBe(7.9);
  },
  'a night stored as 14 sessions is one night': (impl) => {
    const nights = impl.nights(NIGHT_IN_FOURTEEN);
    expect(nights).toHaveLength(1);
    expect(nights[0]?.sources).toHaveLength(14);
  },
  "a second provider's sleep is never lost": (impl) => {
    const nights = impl.nights(TWO_PROVIDER_SLEEP);
    expect(nights.map((night) => night.provider)).toEqual(['oura', 'whoop', 'oura']);
    // Every source row stays reachable, the overlapped whoop night included.
    expect(nights.flatMap((night) => night.sources)).toHaveLength(TWO_PROVIDER_SLEEP.length);
    expect(nights[0]?.sources.map((row) => row.provider).sort()).toEqual(['oura', 'whoop']);
  },
  'a sample at 23:30 local time is counted on its own day, not the next': (impl) => {
    expect(impl.localDate(STEP_WITH_OFFSET.start, null)).toBe('2026-01-01');
    expect(impl.localDate(STEP_IN_UTC.start, NEW_YORK)).toBe('2026-01-01');
  },
  'steps go out with a unit, a subject and an issue time, and validate': (impl) => {
    const observation = impl.stepsObservation(STEP_WITH_OFFSET, ISSUED);
    expect(observation.valueQuantity).toEqual({
      value: 412,
      unit: 'steps',
      system: UCUM_SYSTEM,
      code: '{steps}',
    });
    expect(observation.subject?.identifier?.value).toBe(USER_ID);
    expect(observation.issued).toBe(ISSUED);
    expect(observation.effectivePeriod?.start).toBe('2026-01-01T23:30:00-05:00');
    expectValidFhir(observation);
  },
};

describe('issue 38: the traps of health data', () => {
  for (const [name, trap] of Object.entries(TRAPS)) {
    test(name, () => trap(ours));
    test(`${name}: a naive implementation fails it`, () => {
      expect(() => trap(naive)).toThrow();
    });
  }
  test('every lab resource of the fixture validates', () => {
    for (const observation of ours.labObservations(COMPLETED_JOB, USER_ID)) expectValidFhir(observation);
  });
});
