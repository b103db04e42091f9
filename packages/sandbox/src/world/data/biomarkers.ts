import { randomFor } from '../../internal/random.js';

const PANEL: ReadonlyArray<readonly [string, string, number, number, string]> = [
  ['Glucose', 'mg/dL', 70, 99, '2345-7'],
  ['Hemoglobin A1c', '%', 4, 5.6, '4548-4'],
  ['Total Cholesterol', 'mg/dL', 125, 200, '2093-3'],
  ['HDL Cholesterol', 'mg/dL', 40, 90, '2085-9'],
  ['LDL Cholesterol', 'mg/dL', 0, 100, '13457-7'],
  ['Triglycerides', 'mg/dL', 0, 150, '2571-8'],
  ['Ferritin', 'ng/mL', 30, 400, '2276-4'],
  ['TSH', 'mIU/L', 0.4, 4.5, '3016-3'],
];

/** The biomarkers of a result or a parsed report: the same for a seed and a resource id. */
export function biomarkersFor(seed: string, resourceId: string) {
  const random = randomFor(`${seed}:biomarkers:${resourceId}`);
  return PANEL.map(([name, unit, low, high, loinc]) => {
    const span = high - low;
    const value = Math.round((low - span * 0.15 + random() * span * 1.3) * 10) / 10;
    return {
      name,
      value,
      unit,
      reference_range: `${low}-${high}`,
      interpretation: value < low ? 'low' : value > high ? 'high' : 'normal',
      loinc_code: loinc,
    };
  });
}
