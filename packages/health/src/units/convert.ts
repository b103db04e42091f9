import { ValidationError } from '@svc/client';

type Dimension = 'mass' | 'energy' | 'length' | 'time' | 'mass-concentration' | 'substance-concentration';

// Factors to one base unit per dimension, written out so each is read and tested, not derived at run time.
const FACTORS: Readonly<Record<string, readonly [Dimension, number]>> = {
  kg: ['mass', 1],
  g: ['mass', 0.001],
  '[lb_av]': ['mass', 0.45359237],
  kcal: ['energy', 4184],
  kJ: ['energy', 1000],
  J: ['energy', 1],
  m: ['length', 1],
  km: ['length', 1000],
  cm: ['length', 0.01],
  '[mi_i]': ['length', 1609.344],
  '[ft_i]': ['length', 0.3048],
  '[in_i]': ['length', 0.0254],
  s: ['time', 1],
  min: ['time', 60],
  h: ['time', 3600],
  ms: ['time', 0.001],
  // Mass concentration in g/L, substance concentration in mol/L.
  'g/L': ['mass-concentration', 1],
  'g/dL': ['mass-concentration', 10],
  'mg/dL': ['mass-concentration', 0.01],
  'mg/L': ['mass-concentration', 0.001],
  'mol/L': ['substance-concentration', 1],
  'mmol/L': ['substance-concentration', 0.001],
  'umol/L': ['substance-concentration', 0.000001],
};

/**
 * Molar masses in g/mol, for converting an analyte between mass and substance concentration.
 * Glucose: 180.16 g/mol, so 1 mmol/L = 18.016 mg/dL.
 */
export const MOLAR_MASS = { glucose: 180.16 } as const;

export type Analyte = keyof typeof MOLAR_MASS;

/** Which kind of quantity a UCUM code measures, or null when it is not one we convert. */
export function dimensionOf(code: string): Dimension | null {
  return FACTORS[code]?.[0] ?? null;
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
  const source = FACTORS[from];
  const target = FACTORS[to];
  if (!source) throw new ValidationError('from', `is not a unit this package converts (${from})`);
  if (!target) throw new ValidationError('to', `is not a unit this package converts (${to})`);
  if (!Number.isFinite(value)) throw new ValidationError('value', 'must be a finite number');
  const [fromDimension, fromFactor] = source;
  const [toDimension, toFactor] = target;
  if (fromDimension === toDimension) return (value * fromFactor) / toFactor;
  const molar = new Set([fromDimension, toDimension]);
  if (!(molar.has('mass-concentration') && molar.has('substance-concentration')))
    throw new ValidationError('to', `${to} measures ${toDimension}, not ${fromDimension} like ${from}`);
  const molarMass = options.molarMass ?? (options.analyte ? MOLAR_MASS[options.analyte] : undefined);
  if (molarMass === undefined || !(molarMass > 0))
    throw new ValidationError(
      'options.analyte',
      `is needed to convert ${from} to ${to}: name the analyte (e.g. glucose) or give its molarMass`,
    );
  const base = value * fromFactor; // g/L or mol/L
  const converted = fromDimension === 'substance-concentration' ? base * molarMass : base / molarMass;
  return converted / toFactor;
}
