import type { Observation } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { instantText } from '../internal/date-time.js';
import { ownValue } from '../internal/own-value.js';
import type { SummaryRow } from '../rows.js';
import { sleepSessionOf } from '../timeline/sleep-session.js';
import { type FhirOptions, identifierOf, namespaceOf, subjectOf } from './identity.js';
import { measuredObservation } from './measured-observation.js';
import { type Measure, SUMMARY_MEASURES } from './measures.js';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A field's value and unit: a number in the measure's record unit, or `{ value, unit }` with its own. */
function readField(field: unknown, measure: Measure): { value: number; unit: string } | undefined {
  if (typeof field === 'number')
    return Number.isFinite(field) ? { value: field, unit: measure.recordUnit } : undefined;
  if (field === null || typeof field !== 'object') return undefined;
  const { value, unit } = field as { value?: unknown; unit?: unknown };
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return { value, unit: typeof unit === 'string' ? unit : measure.recordUnit };
}

/**
 * The Observations of one daily summary: one per field listed in SUMMARY_MEASURES that the record
 * holds as a number (or `{ value, unit }`). `effectiveDateTime` is the summary's calendar date; a sleep
 * duration with a readable night gets the night as `effectivePeriod`. Fields without a measure are not
 * exported (they stay in the stored record).
 */
export function summaryObservations(row: SummaryRow, options: FhirOptions): Observation[] {
  const namespace = namespaceOf(options);
  if (typeof row.calendarDate !== 'string' || !CALENDAR_DATE.test(row.calendarDate))
    throw new ValidationError('row.calendarDate', 'must be a date, YYYY-MM-DD');
  const issued = instantText(options.issued, 'issued');
  const subject = subjectOf(row.userId, options);
  const observations: Observation[] = [];
  for (const [field, raw] of Object.entries(row.data ?? {})) {
    const key = `${row.resource}.${field}`;
    const measure = ownValue(SUMMARY_MEASURES, key);
    const read = measure && readField(raw, measure);
    if (!measure || !read) continue;
    const identifier = identifierOf(
      namespace,
      'observation',
      `${key}|${row.userId}|${row.provider}|${row.calendarDate}`,
    );
    const { head, quantity } = measuredObservation(namespace, identifier, measure, key, read);
    const night = row.resource === 'sleep' ? sleepSessionOf(row) : undefined;
    observations.push({
      ...head,
      subject,
      ...(night
        ? { effectivePeriod: { start: night.start, end: night.end } }
        : { effectiveDateTime: row.calendarDate }),
      issued,
      valueQuantity: quantity,
      device: { display: row.provider, identifier: identifierOf(namespace, 'provider', row.provider) },
    });
  }
  return observations;
}
