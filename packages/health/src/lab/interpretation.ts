import { ownValue } from '../internal/own-value.js';

/** HL7's code system for result interpretations (`H`, `L`, `N`, …), as FHIR names it. */
export const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

export interface Interpretation {
  /** HL7 v3 ObservationInterpretation code, or null when the flag is not one we know. */
  code: string | null;
  display: string | null;
  /** The flag as the lab wrote it. */
  text: string;
}

const CODES: Readonly<Record<string, readonly [string, string]>> = {
  low: ['L', 'Low'],
  l: ['L', 'Low'],
  high: ['H', 'High'],
  h: ['H', 'High'],
  normal: ['N', 'Normal'],
  n: ['N', 'Normal'],
  abnormal: ['A', 'Abnormal'],
  a: ['A', 'Abnormal'],
  critical_low: ['LL', 'Critical low'],
  'critically low': ['LL', 'Critical low'],
  ll: ['LL', 'Critical low'],
  critical_high: ['HH', 'Critical high'],
  'critically high': ['HH', 'Critical high'],
  hh: ['HH', 'Critical high'],
  critical: ['AA', 'Critical abnormal'],
  positive: ['POS', 'Positive'],
  negative: ['NEG', 'Negative'],
};

/** The interpretation of a result's flag (`"high"` → `H`); an unknown flag keeps its text and no code. */
export function interpretationOf(flag: unknown): Interpretation | null {
  if (typeof flag !== 'string' || flag.trim() === '') return null;
  const known = ownValue(CODES, flag.trim().toLowerCase());
  return { code: known?.[0] ?? null, display: known?.[1] ?? null, text: flag };
}
