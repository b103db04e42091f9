import type { Observation } from '@medplum/fhirtypes';
import type { Schema } from '@svc/types';
import {
  type DailySummaryRow,
  labReportToFhir,
  localDayOf,
  mergeSleep,
  sleepSessionOf,
  type TimeseriesRow,
  timeseriesObservation,
} from '../../src/index.js';

/** What each trap needs from an implementation: the same four jobs, ours and a first attempt's. */
type ParsingJob = Schema<'ParsingJob'>;

export interface Implementation {
  labObservations(job: ParsingJob, userId: string): Observation[];
  /** Nights of sleep: each with every source row it stands for. */
  nights(rows: DailySummaryRow[]): Array<{ provider: string; sources: DailySummaryRow[] }>;
  localDate(dateTime: string, timeZone: string | null): string;
  stepsObservation(row: TimeseriesRow, issued: string): Observation;
}

export const ours: Implementation = {
  labObservations: (job, userId) => labReportToFhir(job, { subject: userId }).observations,
  nights: (rows) =>
    mergeSleep(rows.map((row) => sleepSessionOf(row)).filter((session) => session !== undefined)).map(
      (entry) => ({
        provider: entry.provider,
        sources: entry.sources.map((source) => source.record as DailySummaryRow),
      }),
    ),
  localDate: (dateTime, timeZone) => localDayOf(dateTime, { timeZone }).date,
  stepsObservation: (row, issued) => timeseriesObservation(row, { issued }),
};

/** The unit a catalogue lists for a LOINC code: what a first attempt assumes every value is in. */
const CATALOGUE_UNIT: Record<string, string> = {
  '2345-7': 'mg/dL',
  '4548-4': '%',
  '2085-9': 'mg/dL',
  '3016-3': 'mIU/L',
};

/** What a first attempt writes, each trap of issue 38 in it. */
export const naive: Implementation = {
  labObservations: (job) =>
    (job.results ?? [])
      .filter((result) => typeof result.loinc_code === 'string') // unmatched biomarkers dropped
      .map((result) => ({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: result.loinc_code as string }] },
        // The catalogue's unit for the code: 6.111 mmol/L becomes 6.111 mg/dL.
        valueQuantity: { value: result.value as number, unit: CATALOGUE_UNIT[result.loinc_code as string] },
      })),
  nights: (rows) => {
    const byDate = new Map<string, DailySummaryRow>(); // one sleep per day: the second provider's is lost
    for (const row of rows) if (!byDate.has(row.calendarDate)) byDate.set(row.calendarDate, row);
    return [...byDate.values()].map((row) => ({ provider: row.provider, sources: [row] }));
  },
  localDate: (dateTime) => new Date(dateTime).toISOString().slice(0, 10), // the UTC day
  stepsObservation: (row) => ({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '55423-8' }] },
    effectiveDateTime: row.start,
    valueQuantity: { value: row.value }, // a bare number: no unit, subject or issued
  }),
};
