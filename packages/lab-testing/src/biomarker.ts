import type { Schema } from '@svc/types';

/** One extracted biomarker as the service sends it; its fields' types are not guaranteed (`toBiomarker` narrows them). */
export type ExtractedBiomarker = Schema<'ExtractedBiomarker'>;

/**
 * One biomarker of a parsed lab report, typed. The service does not show the types of these fields,
 * so each is narrowed from what arrived: a value of another type is `null` here and still readable
 * in `raw`, which is the record exactly as received.
 */
export interface Biomarker {
  name: string | null;
  /** The measured value as sent: a number, or text such as `"<5"` (numeric text is not converted). */
  value: number | string | null;
  unit: string | null;
  /** Reference range as text, e.g. `"70-99"`; a range sent in another shape stays in `raw.reference_range`. */
  reference_range: string | null;
  /** Interpretation, e.g. `"normal"`. */
  interpretation: string | null;
  /** The LOINC code the biomarker was matched to, e.g. `"2345-7"`. */
  loinc_code: string | null;
  raw: ExtractedBiomarker;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Narrows one extracted biomarker; never throws. */
export function toBiomarker(raw: ExtractedBiomarker): Biomarker {
  const record = (raw !== null && typeof raw === 'object' ? raw : {}) as ExtractedBiomarker;
  const { value } = record;
  return {
    name: text(record.name),
    value: typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : null,
    unit: text(record.unit),
    reference_range: text(record.reference_range),
    interpretation: text(record.interpretation),
    loinc_code: text(record.loinc_code),
    raw,
  };
}
