import type { Observation } from '@medplum/fhirtypes';
import { checkCalendarDate, instantText, parseDateTime } from '../internal/date-time.js';
import { ownValue } from '../internal/own-value.js';
import type { DailySummaryRow } from '../rows.js';
import { sleepSessionOf } from '../timeline/sleep-session.js';
import {
  checkName,
  deviceOf,
  type FhirOptions,
  identifierOf,
  namespaceOf,
  subjectOf,
  tupleValue,
} from './identity.js';
import { measuredObservation } from './measured-observation.js';
import { type Measure, SUMMARY_MEASURES } from './measures.js';

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
export function summaryObservations(row: DailySummaryRow, options: FhirOptions): Observation[] {
  const namespace = namespaceOf(options);
  checkCalendarDate(row.calendarDate, 'row.calendarDate');
  checkName(row.userId, 'row.userId');
  checkName(row.provider, 'row.provider');
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
      tupleValue(key, row.userId, row.provider, row.calendarDate),
    );
    const { head, quantity } = measuredObservation(namespace, identifier, measure, key, read);
    const night = row.resource === 'sleep' ? sleepSessionOf(row) : undefined;
    observations.push({
      ...head,
      subject,
      ...(night
        ? {
            effectivePeriod: {
              start: parseDateTime(night.start, 'bedtime_start').fhir,
              end: parseDateTime(night.end, 'bedtime_end').fhir,
            },
          }
        : { effectiveDateTime: row.calendarDate }),
      issued,
      valueQuantity: quantity,
      device: deviceOf(row.provider, options),
    });
  }
  return observations;
}
