import { describe, expect, test } from 'vitest';
import { interpretationOf, labResultOf, referenceRangeOf } from '../../src/index.js';

describe('labResultOf', () => {
  test('a glucose in mmol/L coded as mass (2345-7) gets the moles code, and the reported one is kept', () => {
    const result = labResultOf({ name: 'Glucose', value: 6.111, unit: 'mmol/L', loinc_code: '2345-7' });
    expect(result).toMatchObject({
      loinc: '14749-6',
      reportedLoinc: '2345-7',
      analyte: 'glucose',
      loincMatched: true,
    });
    expect(labResultOf({ name: 'Glucose', value: 110, unit: 'mg/dL', loinc_code: '2345-7' })).toMatchObject({
      loinc: '2345-7',
      reportedLoinc: null,
    });
  });

  test('keeps a biomarker with no LOINC code, flagged, under its own name', () => {
    expect(labResultOf({ name: 'Omega-3 Index', value: 7.9, unit: '%' })).toMatchObject({
      name: 'Omega-3 Index',
      loinc: null,
      loincMatched: false,
      value: { kind: 'quantity', value: 7.9 },
    });
  });

  test('reads values as labs print them: numbers, "<5", text, nothing', () => {
    expect(labResultOf({ value: '<5' }).value).toEqual({ kind: 'quantity', value: 5, comparator: '<' });
    expect(labResultOf({ value: '≥ 60' }).value).toEqual({ kind: 'quantity', value: 60, comparator: '>=' });
    expect(labResultOf({ value: '4.20' }).value).toEqual({ kind: 'quantity', value: 4.2 });
    expect(labResultOf({ value: 'Positive' }).value).toEqual({ kind: 'text', text: 'Positive' });
    expect(labResultOf({ value: null }).value).toEqual({ kind: 'none' });
  });

  test('an unknown unit is kept as written, with no UCUM code', () => {
    expect(labResultOf({ value: 3, unit: 'Bethesda units' }).unit).toEqual({
      text: 'Bethesda units',
      ucum: null,
    });
  });

  test('never throws on junk, and keeps the record as received', () => {
    for (const junk of [null, 7, 'x', [], { name: 3, value: {}, unit: 4, loinc_code: 5 }])
      expect(labResultOf(junk as never).raw).toBe(junk);
  });
});

describe('reference ranges and flags', () => {
  test('reads the bounds labs print', () => {
    expect(referenceRangeOf('70-99')).toEqual({ low: 70, high: 99, text: '70-99' });
    expect(referenceRangeOf('3.9 – 5.5')).toMatchObject({ low: 3.9, high: 5.5 });
    expect(referenceRangeOf('<200')).toMatchObject({ low: null, high: 200 });
    expect(referenceRangeOf('>= 40')).toMatchObject({ low: 40, high: null });
    expect(referenceRangeOf('negative')).toEqual({ low: null, high: null, text: 'negative' });
    expect(referenceRangeOf(null)).toBeNull();
  });

  test('maps flags to HL7 interpretation codes, and keeps an unknown flag as text', () => {
    expect(interpretationOf('high')).toEqual({ code: 'H', display: 'High', text: 'high' });
    expect(interpretationOf('L')?.code).toBe('L');
    expect(interpretationOf('critical_high')?.code).toBe('HH');
    expect(interpretationOf('see comment')).toEqual({ code: null, display: null, text: 'see comment' });
    expect(interpretationOf('')).toBeNull();
  });
});
