import type { Schema } from '@svc/types';
import { dimensionOf } from '../units/convert.js';
import { type UcumUnit, ucumOf } from '../units/ucum.js';
import { type Interpretation, interpretationOf } from './interpretation.js';
import { analyteOfLoinc, loincForProperty } from './loinc.js';
import { type ReferenceRange, referenceRangeOf } from './reference-range.js';

/** One extracted biomarker as the service sends it (its fields' types are not guaranteed). */
export type ExtractedBiomarker = Schema<'ExtractedBiomarker'>;

/** A result's value: a number (with `<`/`>` when the lab printed one), text, or none. */
export type LabValue =
  | { kind: 'quantity'; value: number; comparator?: '<' | '<=' | '>' | '>=' }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

/** One biomarker of a lab report, read for charts and FHIR; nothing the lab sent is lost (`raw`). */
export interface LabResult {
  /** The name as the lab wrote it (null when the record has none). */
  name: string | null;
  /**
   * The LOINC code for this value's property, or null when the report matched none: such a result is
   * kept, flagged by `loincMatched: false`, under its original name.
   */
  loinc: string | null;
  loincMatched: boolean;
  /** The code the report gave, when `loinc` differs from it (a glucose in mmol/L coded as mass, 2345-7). */
  reportedLoinc: string | null;
  /** The analyte when we know it (for unit conversions across mass and substance concentration). */
  analyte: 'glucose' | null;
  value: LabValue;
  /** The unit as written, and its UCUM form when we know it (`ucum: null`: unknown, kept as text). */
  unit: { text: string | null; ucum: UcumUnit | null };
  referenceRange: ReferenceRange | null;
  interpretation: Interpretation | null;
  raw: ExtractedBiomarker;
}

const COMPARATOR_VALUE = /^\s*(<=|>=|<|>|≤|≥)?\s*(-?\d+(?:\.\d+)?)\s*$/;
const COMPARATORS = { '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=' } as const;

function labValueOf(value: unknown): LabValue {
  if (typeof value === 'number')
    return Number.isFinite(value) ? { kind: 'quantity', value } : { kind: 'none' };
  if (typeof value !== 'string' || value.trim() === '') return { kind: 'none' };
  const match = COMPARATOR_VALUE.exec(value);
  if (!match) return { kind: 'text', text: value };
  const comparator = match[1] ? COMPARATORS[match[1] as keyof typeof COMPARATORS] : undefined;
  return comparator
    ? { kind: 'quantity', value: Number(match[2]), comparator }
    : { kind: 'quantity', value: Number(match[2]) };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Reads one extracted biomarker; never throws, never drops. */
export function labResultOf(raw: ExtractedBiomarker): LabResult {
  const record = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const unitText = text(record.unit);
  const ucum = ucumOf(unitText);
  const reported = text(record.loinc_code)?.trim() ?? null;
  const dimension = ucum ? dimensionOf(ucum.code) : null;
  const property =
    dimension === 'mass-concentration' || dimension === 'substance-concentration' ? dimension : null;
  const loinc = reported === null ? null : loincForProperty(reported, property);
  return {
    name: text(record.name),
    loinc,
    loincMatched: loinc !== null,
    reportedLoinc: loinc !== reported ? reported : null,
    analyte: loinc === null ? null : (analyteOfLoinc(loinc) ?? null),
    value: labValueOf(record.value),
    unit: { text: unitText, ucum },
    referenceRange: referenceRangeOf(record.reference_range),
    interpretation: interpretationOf(record.interpretation),
    raw,
  };
}
