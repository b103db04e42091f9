import { ValidationError } from '@svc/client';
import { describe, expect, test } from 'vitest';
import {
  convertValue,
  KNOWN_UCUM_CODES,
  MOLAR_MASS,
  quantityOf,
  UCUM_SYSTEM,
  ucumOf,
} from '../../src/index.js';
import { ucumReference as reference } from '../fixtures/ucum-reference.js';

const GROUPS: Record<string, string[]> = {
  mass: ['kg', 'g', '[lb_av]'],
  energy: ['kcal', 'kJ', 'J'],
  length: ['m', 'km', 'cm', '[mi_i]', '[ft_i]', '[in_i]'],
  time: ['s', 'min', 'h', 'ms'],
  'mass concentration': ['g/L', 'g/dL', 'mg/dL', 'mg/L'],
  'substance concentration': ['mol/L', 'mmol/L', 'umol/L'],
};

describe('UCUM units', () => {
  test('every UCUM code we write is valid UCUM', () => {
    for (const code of KNOWN_UCUM_CODES)
      expect([code, reference.validateUnitString(code).status]).toEqual([code, 'valid']);
  });

  test('reads the unit texts records write, and knows nothing it was not told', () => {
    expect(ucumOf('bpm')).toEqual({ code: '/min', display: 'beats/minute' });
    expect(ucumOf('count')?.code).toBe('{count}');
    expect(ucumOf('mmol/l')?.code).toBe('mmol/L');
    expect(ucumOf('lbs')?.code).toBe('[lb_av]');
    expect(ucumOf('MG/DL')).toBeNull(); // UCUM is case-sensitive: an unlisted spelling stays unknown
    expect(ucumOf('furlongs')).toBeNull();
    expect(ucumOf(null)).toBeNull();
  });

  test('an unknown unit stays text in a Quantity: no system, no code', () => {
    expect(quantityOf(3, 'furlongs')).toEqual({ value: 3, unit: 'furlongs' });
    expect(quantityOf(3, 'kg')).toEqual({ value: 3, unit: 'kg', system: UCUM_SYSTEM, code: 'kg' });
    expect(quantityOf(3, '')).toEqual({ value: 3 });
  });
});

describe('conversions', () => {
  for (const [dimension, codes] of Object.entries(GROUPS))
    test(`every ${dimension} factor agrees with NLM's UCUM implementation`, () => {
      for (const from of codes)
        for (const to of codes) {
          const expected = reference.convertUnitTo(from, 1.5, to);
          expect(expected.status).toBe('succeeded');
          expect(convertValue(1.5, from, to)).toBeCloseTo(expected.toVal as number, 9);
        }
    });

  test('glucose: mmol/L to mg/dL by its molar mass, 18.016, both ways', () => {
    expect(MOLAR_MASS.glucose).toBe(180.16);
    expect(convertValue(6.111, 'mmol/L', 'mg/dL', { analyte: 'glucose' })).toBeCloseTo(110.095776, 9);
    expect(convertValue(110.095776, 'mg/dL', 'mmol/L', { analyte: 'glucose' })).toBeCloseTo(6.111, 9);
    expect(convertValue(1, 'mmol/L', 'mg/dL', { molarMass: 180.16 })).toBeCloseTo(18.016, 12);
    const expected = reference.convertUnitTo('mmol/L', 6.111, 'mg/dL', { molecularWeight: 180.16 });
    expect(convertValue(6.111, 'mmol/L', 'mg/dL', { analyte: 'glucose' })).toBeCloseTo(
      expected.toVal as number,
      9,
    );
  });

  test('weight, energy and distance of the summaries', () => {
    expect(convertValue(150, '[lb_av]', 'kg')).toBeCloseTo(68.0388555, 7);
    expect(convertValue(500, 'kcal', 'kJ')).toBe(2092);
    expect(convertValue(5, 'km', '[mi_i]')).toBeCloseTo(3.10686, 5);
    expect(convertValue(25_150, 's', 'min')).toBeCloseTo(419.1667, 4);
  });

  test('never a guess: an unknown unit, another kind, or a concentration without its analyte is refused', () => {
    expect(() => convertValue(1, 'furlong', 'm')).toThrow(ValidationError);
    expect(() => convertValue(1, 'kg', 'm')).toThrow(/measures length, not mass/);
    expect(() => convertValue(6.1, 'mmol/L', 'mg/dL')).toThrow(/name the analyte/);
    expect(() => convertValue(Number.NaN, 'kg', 'g')).toThrow(ValidationError);
  });
});
