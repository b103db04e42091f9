import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { instantText } from '../internal/date-time.js';
import { ownValue } from '../internal/own-value.js';
import type { DailySummaryRow, TimeseriesRow } from '../rows.js';
import { type FhirOptions, namespaceOf } from './identity.js';
import { TIMESERIES_MEASURES } from './measures.js';
import { summaryObservations } from './summary-observations.js';
import { type TimeseriesObservationOptions, timeseriesObservation } from './timeseries-observation.js';

/** One line of a FHIR Bulk Data NDJSON file: the resource type names the file, `line` ends with `\n`. */
export interface NdjsonLine {
  resourceType: string;
  line: string;
}

/** A resource as one NDJSON line (JSON never holds a raw newline, so one resource is one line). */
export const ndjsonLine = (resource: Resource): NdjsonLine => ({
  resourceType: resource.resourceType,
  line: `${JSON.stringify(resource)}\n`,
});

/** A row that could not be converted, as Bulk Data reports it: an OperationOutcome in the error file. */
export function outcomeLine(what: string, error: ValidationError): NdjsonLine {
  const outcome: OperationOutcome = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'invalid', diagnostics: `${what}: ${error.message}` }],
  };
  return ndjsonLine(outcome);
}

type Rows<T> = AsyncIterable<T> | Iterable<T>;

/** The caller's options are checked before the first row: a bad one stops the export, a bad row does not. */
function checkOptions(options: FhirOptions): void {
  namespaceOf(options);
  instantText(options.issued, 'issued');
}

/**
 * Timeseries rows (e.g. a store's steps, read in key order) as Observation lines, one row at a time:
 * memory stays flat however many rows there are. A row that cannot be converted becomes an
 * OperationOutcome line naming it (Bulk Data's error file), and the rest go on.
 */
export async function* timeseriesNdjson(
  rows: Rows<TimeseriesRow>,
  options: TimeseriesObservationOptions,
): AsyncGenerator<NdjsonLine> {
  checkOptions(options);
  if (!ownValue(TIMESERIES_MEASURES, options.kind ?? 'steps'))
    throw new ValidationError('kind', `is not a timeseries this package maps (${options.kind})`);
  for await (const row of rows) {
    try {
      yield ndjsonLine(timeseriesObservation(row, options));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      yield outcomeLine(`${options.kind ?? 'steps'} row ${row.userId} ${row.provider} ${row.start}`, error);
    }
  }
}

/** Daily summary rows as Observation lines (see `summaryObservations`), streamed like `timeseriesNdjson`. */
export async function* summariesNdjson(
  rows: Rows<DailySummaryRow>,
  options: FhirOptions,
): AsyncGenerator<NdjsonLine> {
  checkOptions(options);
  for await (const row of rows) {
    let observations: Resource[];
    try {
      observations = summaryObservations(row, options);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      yield outcomeLine(`${row.resource} row ${row.userId} ${row.provider} ${row.calendarDate}`, error);
      continue;
    }
    for (const observation of observations) yield ndjsonLine(observation);
  }
}

/** Where the lines of one resource type go: a file stream, an upload. A returned promise is awaited. */
export interface NdjsonSink {
  write(line: string): unknown;
}

/**
 * Sends each line to the sink of its resource type (`sinkFor` is asked once per type, when its first
 * line comes), awaiting each write, so a slow sink slows the reading instead of filling memory.
 * Resolves with the number of lines per resource type.
 */
export async function writeNdjsonByType(
  lines: AsyncIterable<NdjsonLine> | Iterable<NdjsonLine>,
  sinkFor: (resourceType: string) => NdjsonSink,
): Promise<Record<string, number>> {
  const sinks = new Map<string, NdjsonSink>();
  // A Map: a resource type is the caller's text, and `__proto__` counts like any other.
  const counts = new Map<string, number>();
  for await (const { resourceType, line } of lines) {
    let sink = sinks.get(resourceType);
    if (!sink) {
      sink = sinkFor(resourceType);
      sinks.set(resourceType, sink);
    }
    await sink.write(line);
    counts.set(resourceType, (counts.get(resourceType) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}
