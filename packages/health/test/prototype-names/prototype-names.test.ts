// A name a caller or a record passes (a unit, a timeseries kind, a flag, a resource type, an analyte) is
// looked up among the names the package knows, never among what every object inherits: `constructor` is
// no unit, and `__proto__` is a resource type like any other.
import { ValidationError } from '@svc/client';
import { describe, expect, test } from 'vitest';
import {
  type Analyte,
  bulkExportManifest,
  convertValue,
  interpretationOf,
  labResultOf,
  mergeSessions,
  ndjsonLine,
  quantityOf,
  summaryObservations,
  summaryRows,
  timeseriesNdjson,
  timeseriesObservation,
  ucumOf,
  writeNdjsonByType,
} from '../../src/index.js';
import { ISSUED, STEP_IN_UTC, USER_ID } from '../fixtures/records.js';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;

/** The ValidationError `run` throws, with the field it names; anything else fails the test. */
function fieldOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).field;
  }
  throw new Error('expected a ValidationError, but nothing was thrown');
}

/** An object holding `name` as its own key (an object literal's `__proto__:` would set its prototype). */
const holding = <V>(name: string, value: V): Record<string, V> =>
  JSON.parse(JSON.stringify({ [name]: value }));

describe.each(NAMES)('a name that every object inherits, %s, is read as a name like any other', (name) => {
  test('convertValue: an unknown unit, or an unknown analyte, is a ValidationError', () => {
    expect(fieldOf(() => convertValue(1, name, 'kg'))).toBe('from');
    expect(fieldOf(() => convertValue(1, 'kg', name))).toBe('to');
    expect(fieldOf(() => convertValue(1, 'mmol/L', 'mg/dL', { analyte: name as Analyte }))).toBe(
      'options.analyte',
    );
  });

  test('ucumOf and quantityOf: an unknown unit stays text', () => {
    expect(ucumOf(name)).toBeNull();
    expect(quantityOf(2, name)).toEqual({ value: 2, unit: name });
  });

  test('interpretationOf and labResultOf: an unknown flag, unit or code is kept as written, with no code', () => {
    expect(interpretationOf(name)).toEqual({ code: null, display: null, text: name });
    const result = labResultOf({ name, value: 1, unit: name, interpretation: name, loinc_code: name });
    expect(result.unit).toEqual({ text: name, ucum: null });
    expect(result.interpretation).toEqual({ code: null, display: null, text: name });
    expect([result.loinc, result.analyte]).toEqual([name, null]);
  });

  test('timeseriesObservation and timeseriesNdjson: an unknown kind is a ValidationError', async () => {
    expect(fieldOf(() => timeseriesObservation(STEP_IN_UTC, { issued: ISSUED, kind: name }))).toBe('kind');
    const lines = timeseriesNdjson([STEP_IN_UTC], { issued: ISSUED, kind: name });
    await expect(lines.next()).rejects.toThrow(ValidationError);
  });

  test('summaryRows and summaryObservations: a resource or field of that name is data, not a lookup', () => {
    const record = { calendar_date: '2026-01-04', source: { provider: 'oura' }, [name]: 5 };
    expect(summaryRows(name, USER_ID, { sleep: [record] })).toEqual({ rows: [], unkeyed: [] });
    const { rows } = summaryRows(name, USER_ID, holding(name, [record]));
    expect(rows).toHaveLength(1);
    expect(
      summaryObservations({ ...(rows[0] as (typeof rows)[0]), resource: name }, { issued: ISSUED }),
    ).toEqual([]);
  });

  test('writeNdjsonByType and bulkExportManifest: a resource type of that name is counted', async () => {
    const line = { ...ndjsonLine({ resourceType: 'Basic', code: {} }), resourceType: name };
    const written: string[] = [];
    const counts = await writeNdjsonByType([line, line], () => ({ write: (text) => written.push(text) }));
    expect(Object.entries(counts)).toEqual([[name, 2]]);
    expect(written).toHaveLength(2);
    const manifest = bulkExportManifest({
      transactionTime: ISSUED,
      request: 'export',
      counts,
      urlOf: (type) => `file:///exports/${type}.ndjson`,
    });
    expect(manifest.output).toEqual([{ type: name, url: `file:///exports/${name}.ndjson`, count: 2 }]);
  });

  test('mergeSessions: a provider of that name is ranked by the priority list', () => {
    const night = { start: '2026-01-04T23:00:00Z', end: '2026-01-05T07:00:00Z' };
    const rows = [
      { ...night, provider: 'oura' },
      { ...night, provider: name },
    ];
    expect(mergeSessions(rows, { priority: [name, 'oura'] }).map((entry) => entry.provider)).toEqual([name]);
    expect(mergeSessions(rows).map((entry) => entry.provider)).toEqual(['oura']);
  });
});
