import type { CodeableConcept } from '@medplum/fhirtypes';
import { LOINC_SYSTEM } from '../lab/loinc.js';

/** The HL7 observation category code system. */
export const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** What one kind of value becomes as an Observation. */
export interface Measure {
  /** LOINC code and display where LOINC has one; null otherwise (coded in `<namespace>/measure`). */
  loinc: { code: string; display: string } | null;
  /** What a person reads, always set. */
  text: string;
  /** Observation category, when one fits. */
  category: 'activity' | 'vital-signs' | 'exam' | null;
  /** The UCUM code the value is written in (converted from the record's unit with `convertValue`). */
  ucum: string;
  /**
   * The unit the record's value is in when the record writes none beside it. Summaries' shapes are not
   * documented by the service: these are the units the sandbox sends, stated once here.
   */
  recordUnit: string;
}

const loinc = (code: string, display: string) => ({ code, display });

/** Timeseries kinds, by the name in the timeseries path (`steps` is the one the client reads today). */
export const TIMESERIES_MEASURES: Readonly<Record<string, Measure>> = {
  steps: {
    loinc: loinc('55423-8', 'Number of steps in unspecified time Pedometer'),
    text: 'Steps',
    category: 'activity',
    ucum: '{steps}',
    recordUnit: 'count',
  },
  heartrate: {
    loinc: loinc('8867-4', 'Heart rate'),
    text: 'Heart rate',
    category: 'vital-signs',
    ucum: '/min',
    recordUnit: 'bpm',
  },
};

/** Summary fields exported as Observations, by `<resource>.<field>`; other fields stay in the record. */
export const SUMMARY_MEASURES: Readonly<Record<string, Measure>> = {
  'activity.steps': {
    loinc: loinc('41950-7', 'Number of steps in 24 hour Measured'),
    text: 'Steps in the day',
    category: 'activity',
    ucum: '{steps}',
    recordUnit: 'count',
  },
  'activity.calories_active': {
    loinc: loinc('41981-2', 'Calories burned'),
    text: 'Active energy burned',
    category: 'activity',
    ucum: 'kcal',
    recordUnit: 'kcal',
  },
  'body.weight': {
    loinc: loinc('29463-7', 'Body weight'),
    text: 'Body weight',
    category: 'vital-signs',
    ucum: 'kg',
    recordUnit: 'kg',
  },
  'body.fat': {
    loinc: loinc('41982-0', 'Percentage of body fat Measured'),
    text: 'Body fat',
    category: 'exam',
    ucum: '%',
    recordUnit: '%',
  },
  'sleep.duration': {
    loinc: loinc('93832-4', 'Sleep duration'),
    text: 'Sleep duration',
    category: 'activity',
    ucum: 'min',
    recordUnit: 's',
  },
  'meal.energy': {
    loinc: loinc('9052-2', 'Calorie intake total'),
    text: 'Energy eaten',
    category: null,
    ucum: 'kcal',
    recordUnit: 'kcal',
  },
  'profile.height': {
    loinc: loinc('8302-2', 'Body height'),
    text: 'Body height',
    category: 'vital-signs',
    ucum: 'cm',
    recordUnit: 'cm',
  },
  'workouts.calories': {
    loinc: loinc('41981-2', 'Calories burned'),
    text: 'Workout energy burned',
    category: 'activity',
    ucum: 'kcal',
    recordUnit: 'kcal',
  },
  'workouts.distance': {
    loinc: null,
    text: 'Workout distance',
    category: 'activity',
    ucum: 'm',
    recordUnit: 'm',
  },
};

/** The `code` of a measure: its LOINC coding, or ours when LOINC has none, and its text. */
export function codeOf(measure: Measure, key: string, namespace: string): CodeableConcept {
  const coding = measure.loinc
    ? { system: LOINC_SYSTEM, code: measure.loinc.code, display: measure.loinc.display }
    : { system: `${namespace}/measure`, code: key, display: measure.text };
  return { coding: [coding], text: measure.text };
}

/** `{ category }` when the measure has one, else nothing (spread it into the Observation). */
export const categoryOf = (measure: Measure): { category?: CodeableConcept[] } =>
  measure.category ? { category: [{ coding: [{ system: CATEGORY_SYSTEM, code: measure.category }] }] } : {};
