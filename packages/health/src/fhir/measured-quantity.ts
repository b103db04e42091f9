import type { Quantity } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { convertValue, dimensionOf } from '../units/convert.js';
import { quantityOf, UCUM_SYSTEM, ucumOf } from '../units/ucum.js';
import type { Measure } from './measures.js';

/**
 * Decimals a measured value keeps in each UCUM unit it is written in: what a device measures to, no
 * more (a converted sleep of 24 668 s is 411 min, not 411.1333…). Lab results are not rounded: they
 * keep the digits the lab printed.
 */
export const UNIT_PRECISION: Readonly<Record<string, number>> = {
  '{steps}': 0,
  '{count}': 0,
  '/min': 0,
  kcal: 0,
  kJ: 0,
  min: 0,
  s: 0,
  h: 2,
  kg: 2,
  g: 0,
  cm: 1,
  m: 0,
  km: 3,
  '%': 1,
};

/** A value rounded to its unit's decimals (half away from zero; a unit not in the table keeps its value). */
export function roundedTo(value: number, code: string): number {
  const decimals = UNIT_PRECISION[code];
  if (decimals === undefined || !Object.hasOwn(UNIT_PRECISION, code)) return value;
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

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
    return {
      quantity: { value: roundedTo(value, to.code), unit: to.display, system: UCUM_SYSTEM, code: to.code },
      known: true,
    };
  if (dimensionOf(from.code) === null || dimensionOf(from.code) !== dimensionOf(to.code))
    throw new ValidationError('unit', `is ${unitText}, not a unit of ${to.display} (${to.code})`);
  const converted = convertValue(value, from.code, to.code);
  // JSON writes a number past Number.MAX_VALUE as null: such a value is refused, never exported empty.
  if (!Number.isFinite(converted))
    throw new ValidationError('value', `${value} ${unitText} is out of range in ${to.code}`);
  return {
    quantity: { value: roundedTo(converted, to.code), unit: to.display, system: UCUM_SYSTEM, code: to.code },
    known: true,
  };
}
