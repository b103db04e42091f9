import { ValidationError } from '@svc/client';
import { ownValue } from '../internal/own-value.js';

type Dimension = 'mass' | 'energy' | 'length' | 'time' | 'mass-concentration' | 'substance-concentration';

// Factors to one base unit per dimension, written out so each is read and tested, not derived at run
// time. Mass concentration is in g/L, substance concentration in mol/L.
const UNITS_BY_DIMENSION: Readonly<Record<Dimension, Readonly<Record<string, number>>>> = {
  mass: { kg: 1, g: 0.001, '[lb_av]': 0.45359237 },
  energy: { kcal: 4184, kJ: 1000, J: 1 },
  length: { m: 1, km: 1000, cm: 0.01, '[mi_i]': 1609.344, '[ft_i]': 0.3048, '[in_i]': 0.0254 },
  time: { s: 1, min: 60, h: 3600, ms: 0.001 },
  'mass-concentration': { 'g/L': 1, 'g/dL': 10, 'mg/dL': 0.01, 'mg/L': 0.001 },
  'substance-concentration': { 'mol/L': 1, 'mmol/L': 0.001, 'umol/L': 0.000001 },
};

/** Each unit's dimension and factor, by its UCUM code (a Map: a code is a caller's text, `constructor` too). */
const FACTORS: ReadonlyMap<string, readonly [Dimension, number]> = new Map(
  Object.entries(UNITS_BY_DIMENSION).flatMap(([dimension, units]) =>
    Object.entries(units).map(([unit, factor]) => [unit, [dimension as Dimension, factor] as const]),
  ),
);

/**
 * Molar masses in g/mol, for converting an analyte between mass and substance concentration.
 * Glucose: 180.16 g/mol, so 1 mmol/L = 18.016 mg/dL.
 */
export const MOLAR_MASS = { glucose: 180.16 } as const;

export type Analyte = keyof typeof MOLAR_MASS;

/** Which kind of quantity a UCUM code measures, or null when it is not one we convert. */
export function dimensionOf(code: string): Dimension | null {
  return FACTORS.get(code)?.[0] ?? null;
}

export interface ConvertOptions {
  /** Needed between mass and substance concentration (mg/dL ↔ mmol/L): the analyte, or its molar mass. */
  analyte?: Analyte;
  /** g/mol, for an analyte not in MOLAR_MASS. */
  molarMass?: number;
}

/**
 * Converts a value between two UCUM codes (`convertValue(6.111, 'mmol/L', 'mg/dL', { analyte: 'glucose' })`
 * gives 110.1). Throws ValidationError for a unit it does not know, for units of different kinds, and for
 * a concentration conversion without a molar mass: never a guess. The result is not rounded.
 */
export function convertValue(value: number, from: string, to: string, options: ConvertOptions = {}): number {
  const source = FACTORS.get(from);
  const target = FACTORS.get(to);
  if (!source) throw new ValidationError('from', `is not a unit this package converts (${from})`);
  if (!target) throw new ValidationError('to', `is not a unit this package converts (${to})`);
  if (!Number.isFinite(value)) throw new ValidationError('value', 'must be a finite number');
  const [fromDimension, fromFactor] = source;
  const [toDimension, toFactor] = target;
  if (fromDimension === toDimension) return (value * fromFactor) / toFactor;
  const molar = new Set([fromDimension, toDimension]);
  if (!(molar.has('mass-concentration') && molar.has('substance-concentration')))
    throw new ValidationError('to', `${to} measures ${toDimension}, not ${fromDimension} like ${from}`);
  const molarMass =
    options.molarMass ?? (options.analyte ? ownValue(MOLAR_MASS, options.analyte) : undefined);
  if (molarMass === undefined || !(molarMass > 0))
    throw new ValidationError(
      'options.analyte',
      `is needed to convert ${from} to ${to}: name the analyte (e.g. glucose) or give its molarMass`,
    );
  const base = value * fromFactor; // g/L or mol/L
  const converted = fromDimension === 'substance-concentration' ? base * molarMass : base / molarMass;
  return converted / toFactor;
}
