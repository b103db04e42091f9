import type { Observation } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { instantText, offsetText, parseDateTime } from '../internal/date-time.js';
import type { TimeseriesRow } from '../rows.js';
import { localDayOf } from '../time/local-day.js';
import { type NdjsonLine, ndjsonLine, outcomeLine } from './bulk-ndjson.js';
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
import { SUMMARY_MEASURES } from './measures.js';

/** One local day's steps of one user from one provider, summed from its points. */
interface DayTotal {
  userId: string;
  provider: string;
  date: string;
  /** The offset the day is read at (the first point's); null: UTC. */
  offsetMinutes: number | null;
  steps: number;
}

const DAY_MS = 86_400_000;

/** The steps of one local day as an Observation: LOINC 41950-7, the day at its offset as `effectivePeriod`. */
function dayObservation(day: DayTotal, options: FhirOptions): Observation {
  const namespace = namespaceOf(options);
  const measure = SUMMARY_MEASURES['activity.steps'] as NonNullable<
    (typeof SUMMARY_MEASURES)['activity.steps']
  >;
  const identifier = identifierOf(
    namespace,
    'observation',
    tupleValue('steps.daily', day.userId, day.provider, day.date),
  );
  const { head, quantity } = measuredObservation(namespace, identifier, measure, 'activity.steps', {
    value: day.steps,
    unit: '{steps}',
  });
  const zone = day.offsetMinutes === null ? 'Z' : offsetText(day.offsetMinutes);
  const next = new Date(Date.parse(`${day.date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return {
    ...head,
    subject: subjectOf(day.userId, options),
    effectivePeriod: { start: `${day.date}T00:00:00${zone}`, end: `${next}T00:00:00${zone}` },
    issued: instantText(options.issued, 'issued'),
    valueQuantity: quantity,
    device: deviceOf(day.provider, options),
  };
}

/**
 * Steps points (a store's hourly rows, in key order: user, provider, start) as one Observation per local
 * day of each user and provider: the day is the points' own (the offset each was written at, else UTC),
 * the value their sum. A point that cannot be read is an OperationOutcome line, and the rest go on.
 * Memory holds the days of one user and provider at a time.
 */
export async function* dailyStepsNdjson(
  rows: AsyncIterable<TimeseriesRow> | Iterable<TimeseriesRow>,
  options: FhirOptions,
): AsyncGenerator<NdjsonLine> {
  namespaceOf(options);
  let key: string | undefined;
  let days = new Map<string, DayTotal>();
  const flush = function* () {
    for (const day of [...days.values()].sort((a, b) => a.date.localeCompare(b.date)))
      yield ndjsonLine(dayObservation(day, options));
    days = new Map();
  };
  for await (const row of rows) {
    const rowKey = JSON.stringify([row.userId, row.provider]);
    if (rowKey !== key) {
      yield* flush();
      key = rowKey;
    }
    try {
      checkName(row.userId, 'row.userId');
      checkName(row.provider, 'row.provider');
      const start = parseDateTime(row.start, 'row.start');
      parseDateTime(row.end, 'row.end');
      if (typeof row.value !== 'number' || !Number.isFinite(row.value) || row.value < 0)
        throw new ValidationError('row.value', 'must be a finite number of steps, not negative');
      if (!['count', '{count}', 'steps', '{steps}'].includes(row.unit))
        throw new ValidationError('row.unit', `is ${row.unit}, not a count of steps`);
      const { date } = localDayOf(row.start);
      const day = days.get(date);
      if (day) day.steps += row.value;
      else
        days.set(date, {
          userId: row.userId,
          provider: row.provider,
          date,
          offsetMinutes: start.writtenOffsetMinutes,
          steps: row.value,
        });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      yield outcomeLine(`steps row ${row.userId} ${row.provider} ${row.start}`, error);
    }
  }
  yield* flush();
}
