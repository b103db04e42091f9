import type { Quantity } from '@medplum/fhirtypes';

/** The UCUM code system, as FHIR names it in `Quantity.system`. */
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

/** A unit in UCUM: the code a machine reads and the text a person reads. */
export interface UcumUnit {
  code: string;
  display: string;
}

const unit = (code: string, display = code): UcumUnit => ({ code, display });

// Every unit text we read, written out: a text not listed is unknown and stays text (never a guess).
// Case matters in UCUM (`mg/dL` is not `Mg/DL`), so the few spellings seen in the field are listed each.
const ALIASES: ReadonlyArray<readonly [readonly string[], UcumUnit]> = [
  [['count', '{count}'], unit('{count}', 'count')],
  [['steps', '{steps}'], unit('{steps}', 'steps')],
  [['bpm', 'beats/min', '/min', '{beats}/min'], unit('/min', 'beats/minute')],
  [['kg'], unit('kg')],
  [['g'], unit('g')],
  [['lb', 'lbs', '[lb_av]'], unit('[lb_av]', 'lb')],
  [['kcal', 'Cal'], unit('kcal')],
  [['kJ'], unit('kJ')],
  [['J'], unit('J')],
  [['m'], unit('m')],
  [['km'], unit('km')],
  [['cm'], unit('cm')],
  [['mi', '[mi_i]'], unit('[mi_i]', 'mi')],
  [['ft', '[ft_i]'], unit('[ft_i]', 'ft')],
  [['in', '[in_i]'], unit('[in_i]', 'in')],
  [['s', 'sec', 'seconds'], unit('s')],
  [['min', 'minutes'], unit('min')],
  [['h', 'hr', 'hours'], unit('h')],
  [['ms'], unit('ms')],
  [['%'], unit('%')],
  [['mg/dL', 'mg/dl'], unit('mg/dL')],
  [['mmol/L', 'mmol/l'], unit('mmol/L')],
  [['umol/L', 'µmol/L', 'umol/l'], unit('umol/L', 'µmol/L')],
  [['g/dL', 'g/dl'], unit('g/dL')],
  [['g/L', 'g/l'], unit('g/L')],
  [['mg/L', 'mg/l'], unit('mg/L')],
  [['ng/mL', 'ng/ml'], unit('ng/mL')],
  [['ng/dL', 'ng/dl'], unit('ng/dL')],
  [['pg/mL', 'pg/ml'], unit('pg/mL')],
  [['ug/dL', 'µg/dL', 'mcg/dL'], unit('ug/dL', 'µg/dL')],
  [['mIU/L', 'mIU/l', 'm[IU]/L'], unit('m[IU]/L', 'mIU/L')],
  [['uIU/mL', 'µIU/mL', 'u[IU]/mL'], unit('u[IU]/mL', 'µIU/mL')],
  [['U/L', 'U/l'], unit('U/L')],
  [['10^3/uL', '10*3/uL', 'x10^3/uL', 'K/uL'], unit('10*3/uL', '10^3/µL')],
  [['mmHg', 'mm[Hg]'], unit('mm[Hg]', 'mmHg')],
  [['°C', 'degC', 'Cel'], unit('Cel', '°C')],
];

const BY_TEXT: ReadonlyMap<string, UcumUnit> = new Map(
  ALIASES.flatMap(([texts, ucum]) => texts.map((text) => [text, ucum] as const)),
);

/** The UCUM unit of a unit text as a record writes it (`bpm` → `/min`), or null when we do not know it. */
export function ucumOf(text: string | null | undefined): UcumUnit | null {
  if (typeof text !== 'string') return null;
  return BY_TEXT.get(text.trim()) ?? null;
}

/** Every UCUM code `ucumOf` can give (the tests check each against a UCUM implementation). */
export const KNOWN_UCUM_CODES: readonly string[] = [...new Set(ALIASES.map(([, ucum]) => ucum.code))];

/**
 * A FHIR Quantity of a value in a unit text: coded in UCUM when the unit is known, and only the text
 * as written when it is not, so no reader takes an unknown unit for a known one.
 */
export function quantityOf(value: number, unitText: string | null | undefined): Quantity {
  const ucum = ucumOf(unitText);
  if (ucum) return { value, unit: ucum.display, system: UCUM_SYSTEM, code: ucum.code };
  return typeof unitText === 'string' && unitText.trim() !== '' ? { value, unit: unitText } : { value };
}
