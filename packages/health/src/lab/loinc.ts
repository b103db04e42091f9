/** The LOINC code system, as FHIR names it. */
export const LOINC_SYSTEM = 'http://loinc.org';

/**
 * LOINC codes name a property as well as an analyte: 2345-7 is glucose as a mass concentration
 * (mg/dL), 14749-6 the same analyte as a substance concentration (mmol/L). A value must carry the code
 * of the property its unit measures, or a reader charting 2345-7 in mg/dL reads 6.111 mmol/L as
 * 6.111 mg/dL. Each row: the mass-concentration code, its substance-concentration twin, the analyte.
 */
export const LOINC_PROPERTY_TWINS: ReadonlyArray<{ mass: string; substance: string; analyte: 'glucose' }> = [
  { mass: '2345-7', substance: '14749-6', analyte: 'glucose' }, // serum or plasma
  { mass: '2339-0', substance: '15074-8', analyte: 'glucose' }, // blood
  { mass: '1558-6', substance: '14771-0', analyte: 'glucose' }, // fasting, serum or plasma
];

/** The analyte of a LOINC code we know the property twin of. */
export function analyteOfLoinc(code: string): 'glucose' | undefined {
  return LOINC_PROPERTY_TWINS.find((twin) => twin.mass === code || twin.substance === code)?.analyte;
}

/**
 * The code for a value's property: the twin of `code` when the unit measures the other property,
 * else `code` as given.
 */
export function loincForProperty(
  code: string,
  property: 'mass-concentration' | 'substance-concentration' | null,
): string {
  const twin = LOINC_PROPERTY_TWINS.find((pair) => pair.mass === code || pair.substance === code);
  if (!twin || property === null) return code;
  return property === 'mass-concentration' ? twin.mass : twin.substance;
}
