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

/** Glucose's molar mass, g/mol: a lab reporting in SI units gives glucose in mmol/L (mg/dL ÷ 18.016). */
const GLUCOSE_MG_DL_PER_MMOL_L = 18.016;

const interpretationOf = (value: number, low: number, high: number) =>
  value < low ? 'low' : value > high ? 'high' : 'normal';

/**
 * The biomarkers of a result or a parsed report: the same for a seed and a resource id. About half the
 * reports come from a lab that reports in SI units: their glucose is in mmol/L (still matched to LOINC
 * 2345-7, the mass code, as a parser matching by name does). Every report ends with a biomarker no
 * LOINC code was matched to.
 */
export function biomarkersFor(seed: string, resourceId: string) {
  const random = randomFor(`${seed}:biomarkers:${resourceId}`);
  // Its own streams, so the panel's values stay what they were before these cases were added.
  const lab = randomFor(`${seed}:biomarker-lab:${resourceId}`);
  const si = lab() < 0.5;
  const panel = PANEL.map(([name, unit, low, high, loinc]) => {
    const span = high - low;
    // A measured concentration is never below zero.
    const value = Math.max(0, Math.round((low - span * 0.15 + random() * span * 1.3) * 10) / 10);
    if (si && name === 'Glucose') {
      const [mmol, mmolLow, mmolHigh] = [value, low, high].map(
        (mgDl) => Math.round((mgDl / GLUCOSE_MG_DL_PER_MMOL_L) * 100) / 100,
      ) as [number, number, number];
      return {
        name,
        value: mmol,
        unit: 'mmol/L',
        reference_range: `${mmolLow}-${mmolHigh}`,
        interpretation: interpretationOf(mmol, mmolLow, mmolHigh),
        loinc_code: loinc,
      };
    }
    return {
      name,
      value,
      unit,
      reference_range: `${low}-${high}`,
      interpretation: interpretationOf(value, low, high),
      loinc_code: loinc,
    };
  });
  const omega3 = Math.round((4 + lab() * 6) * 10) / 10;
  return [
    ...panel,
    {
      name: 'Omega-3 Index',
      value: omega3,
      unit: '%',
      reference_range: '>8',
      interpretation: omega3 < 8 ? 'low' : 'normal',
      loinc_code: null,
    },
  ];
}
