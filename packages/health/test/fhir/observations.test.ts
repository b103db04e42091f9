import { ValidationError } from '@svc/client';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import { summaryObservations, timeseriesObservation, UCUM_SYSTEM, UNIT_PRECISION } from '../../src/index.js';
import { ISSUED, STEP_IN_UTC, STEP_WITH_OFFSET, USER_ID } from '../fixtures/records.js';

const summary = (resource: string, data: Record<string, unknown>) => ({
  resource,
  userId: USER_ID,
  provider: 'renpho',
  calendarDate: '2026-01-01',
  data,
});

describe('timeseriesObservation', () => {
  test('steps: LOINC 55423-8, {steps}, subject, period as written, issued, provider as device', () => {
    const observation = timeseriesObservation(STEP_IN_UTC, { issued: new Date(ISSUED) });
    expect(observation).toMatchObject({
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '55423-8' }] },
      valueQuantity: { value: 388, unit: 'steps', system: UCUM_SYSTEM, code: '{steps}' },
      effectivePeriod: { start: '2026-01-02T04:30:00.000Z', end: '2026-01-02T04:59:59.000Z' },
      issued: ISSUED,
      device: { display: 'garmin' },
      subject: { identifier: { system: 'https://svc.invalid/fhir/user-id', value: USER_ID } },
    });
    expectValidFhir(observation);
  });

  test('the same point written at another offset is the same Observation (its id)', () => {
    const a = timeseriesObservation(STEP_WITH_OFFSET, { issued: ISSUED });
    const b = timeseriesObservation(
      { ...STEP_WITH_OFFSET, start: '2026-01-02T04:30:00Z' },
      { issued: ISSUED },
    );
    expect(a.id).toBe(b.id);
  });

  test('heart rate in bpm is /min; an unknown unit is written as given and tagged', () => {
    const row = { ...STEP_WITH_OFFSET, unit: 'bpm', value: 61 };
    expect(timeseriesObservation(row, { issued: ISSUED, kind: 'heartrate' }).valueQuantity).toEqual({
      value: 61,
      unit: 'beats/minute',
      system: UCUM_SYSTEM,
      code: '/min',
    });
    const odd = timeseriesObservation(
      { ...row, unit: 'thumps' },
      {
        issued: ISSUED,
        kind: 'heartrate',
      },
    );
    expect(odd.valueQuantity).toEqual({ value: 61, unit: 'thumps' });
    expect(odd.meta?.tag?.[0]?.code).toBe('unit-unknown');
    expectValidFhir(odd);
  });

  test('refuses a missing issued time, an unknown kind and a bad row, naming the field', () => {
    const row = STEP_WITH_OFFSET;
    expect(() => timeseriesObservation(row, { issued: '2026-01-05' })).toThrow(/issued/);
    expect(() => timeseriesObservation(row, { issued: ISSUED, kind: 'mood' })).toThrow(ValidationError);
    expect(() => timeseriesObservation({ ...row, start: 'noon' }, { issued: ISSUED })).toThrow(/row\.start/);
  });
});

describe('summaryObservations', () => {
  test('a body summary: weight (29463-7, kg) and body fat (41982-0, %), on its calendar date', () => {
    const observations = summaryObservations(summary('body', { weight: 72.4, fat: 21.3, bmi: 'n/a' }), {
      issued: ISSUED,
    });
    expect(
      observations.map((o) => [o.code?.coding?.[0]?.code, o.valueQuantity?.value, o.valueQuantity?.code]),
    ).toEqual([
      ['29463-7', 72.4, 'kg'],
      ['41982-0', 21.3, '%'],
    ]);
    expect(observations[0]?.effectiveDateTime).toBe('2026-01-01');
    for (const observation of observations) expectValidFhir(observation);
  });

  test('a unit the record writes wins and is converted: a weight in lb is written in kg', () => {
    const [weight] = summaryObservations(summary('body', { weight: { value: 150, unit: 'lb' } }), {
      issued: ISSUED,
    });
    expect(weight?.valueQuantity?.code).toBe('kg');
    expect(weight?.valueQuantity?.value).toBe(68.04);
  });

  test('sleep duration in minutes over the night, activity, meal, profile and workouts', () => {
    const [sleep] = summaryObservations(
      summary('sleep', { bedtime_start: '2026-01-01T22:30:00+01:00', duration: 25_200, efficiency: 0.9 }),
      { issued: ISSUED },
    );
    expect(sleep).toMatchObject({
      code: { coding: [{ code: '93832-4' }] },
      valueQuantity: { value: 420, code: 'min' },
      effectivePeriod: { start: '2026-01-01T22:30:00+01:00', end: '2026-01-02T05:30:00+01:00' },
    });
    const others = [
      summary('activity', { steps: 9120, calories_active: 412, low: 3600 }),
      summary('meal', { name: 'Dinner', energy: { unit: 'kcal', value: 640 } }),
      summary('profile', { height: 175, gender: 'unknown' }),
      summary('workouts', { sport: { name: 'Running' }, distance: 5200, calories: 380 }),
    ].flatMap((row) => summaryObservations(row, { issued: ISSUED }));
    expect(others.map((o) => o.code?.coding?.[0]?.code)).toEqual([
      '41950-7',
      '41981-2',
      '9052-2',
      '8302-2',
      'workouts.distance',
      '41981-2',
    ]);
    for (const observation of [sleep, ...others]) if (observation) expectValidFhir(observation);
  });

  test('refuses a row whose calendar date is not a date', () => {
    expect(() =>
      summaryObservations(
        { ...summary('body', { weight: 1 }), calendarDate: '01/01/2026' },
        { issued: ISSUED },
      ),
    ).toThrow(ValidationError);
  });
});

describe('issue 46: quantities rounded to their unit', () => {
  test("a converted value keeps its unit's decimals, no more: 24 668 s of sleep is 411 min", () => {
    const [sleep] = summaryObservations(summary('sleep', { duration: 24_668 }), { issued: ISSUED });
    expect(sleep?.valueQuantity).toMatchObject({ value: 411, code: 'min' });
    const [weight, fat] = summaryObservations(summary('body', { weight: 72.4567, fat: 21.349 }), {
      issued: ISSUED,
    });
    expect([weight?.valueQuantity?.value, fat?.valueQuantity?.value]).toEqual([72.46, 21.3]);
    for (const [code, decimals] of Object.entries(UNIT_PRECISION))
      expect(Number.isInteger(decimals) && decimals >= 0, code).toBe(true);
  });
});
