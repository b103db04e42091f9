import type { Quantity } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { convertValue, dimensionOf } from '../units/convert.js';
import { quantityOf, UCUM_SYSTEM, ucumOf } from '../units/ucum.js';
import type { Measure } from './measures.js';

// Counts are dimensionless: a record's `count` is the measure's own annotation (`{steps}`), unchanged.
const COUNTS = new Set(['{count}', '{steps}']);

/**
 * A value in the measure's UCUM unit: converted when the record's unit is another of the same kind
 * (lb → kg, s → min), and otherwise written as the record gave it, with `known: false` when we do not
 * know the unit, so nothing is relabelled by guess. A known unit of another kind (a sleep duration in
 * kg) and a conversion that leaves the finite numbers are ValidationErrors: neither is that measure.
 */
export function measuredQuantity(
  value: number,
  unitText: string,
  measure: Measure,
): { quantity: Quantity; known: boolean } {
  const from = ucumOf(unitText);
  const to = ucumOf(measure.ucum);
  if (!from || !to) return { quantity: quantityOf(value, unitText), known: from !== null };
  if (from.code === to.code || (COUNTS.has(from.code) && COUNTS.has(to.code)))
    return { quantity: { value, unit: to.display, system: UCUM_SYSTEM, code: to.code }, known: true };
  if (dimensionOf(from.code) === null || dimensionOf(from.code) !== dimensionOf(to.code))
    throw new ValidationError('unit', `is ${unitText}, not a unit of ${to.display} (${to.code})`);
  const converted = convertValue(value, from.code, to.code);
  // JSON writes a number past Number.MAX_VALUE as null: such a value is refused, never exported empty.
  if (!Number.isFinite(converted))
    throw new ValidationError('value', `${value} ${unitText} is out of range in ${to.code}`);
  return {
    quantity: { value: converted, unit: to.display, system: UCUM_SYSTEM, code: to.code },
    known: true,
  };
}
