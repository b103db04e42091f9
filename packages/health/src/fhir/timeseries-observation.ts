import type { Observation } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { instantText, parseDateTime } from '../internal/date-time.js';
import { ownValue } from '../internal/own-value.js';
import type { TimeseriesRow } from '../rows.js';
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
import { TIMESERIES_MEASURES } from './measures.js';

export interface TimeseriesObservationOptions extends FhirOptions {
  /** The timeseries the row is of; default `steps`. */
  kind?: string;
}

/**
 * One timeseries value as an Observation: LOINC code where one exists, a UCUM `valueQuantity`, the
 * user as `subject`, the point's span as `effectivePeriod` (offsets as written), `issued` always set,
 * the provider as `device`, and an identifier (user, provider, start) that makes its id stable.
 */
export function timeseriesObservation(
  row: TimeseriesRow,
  options: TimeseriesObservationOptions,
): Observation {
  const kind = options.kind ?? 'steps';
  const measure = ownValue(TIMESERIES_MEASURES, kind);
  if (!measure) throw new ValidationError('kind', `is not a timeseries this package maps (${kind})`);
  const namespace = namespaceOf(options);
  const start = parseDateTime(row.start, 'row.start');
  const end = parseDateTime(row.end, 'row.end');
  if (end.epochMs < start.epochMs) throw new ValidationError('row.end', `is before row.start (${row.start})`);
  if (typeof row.value !== 'number' || !Number.isFinite(row.value))
    throw new ValidationError('row.value', 'must be a finite number');
  checkName(row.userId, 'row.userId');
  checkName(row.provider, 'row.provider');
  const identifier = identifierOf(
    namespace,
    'observation',
    tupleValue(kind, row.userId, row.provider, new Date(start.epochMs).toISOString()),
  );
  const { head, quantity } = measuredObservation(namespace, identifier, measure, kind, row);
  return {
    ...head,
    subject: subjectOf(row.userId, options),
    effectivePeriod: { start: start.fhir, end: end.fhir },
    issued: instantText(options.issued, 'issued'),
    valueQuantity: quantity,
    device: deviceOf(row.provider, options),
  };
}
