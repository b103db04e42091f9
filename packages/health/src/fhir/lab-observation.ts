import type {
  Coding,
  Observation,
  ObservationReferenceRange,
  Patient,
  Quantity,
  Reference,
} from '@medplum/fhirtypes';
import { INTERPRETATION_SYSTEM } from '../lab/interpretation.js';
import type { LabResult } from '../lab/lab-result.js';
import { LOINC_SYSTEM } from '../lab/loinc.js';
import { quantityOf } from '../units/ucum.js';
import { flagTag, identifierOf, resourceIdOf } from './identity.js';
import { CATEGORY_SYSTEM } from './measures.js';

export interface LabObservationContext {
  namespace: string;
  status: 'final' | 'preliminary';
  subject: Reference<Patient>;
  issued: string;
  effective: { effectiveDateTime?: string };
  /** `<job id>#<index>`: what makes the Observation's identifier and id. */
  identifierValue: string;
}

/** A bound of the reference range, in the result's unit (coded when the unit is known). */
const bound = (value: number, result: LabResult): Quantity => quantityOf(value, result.unit.text);

function referenceRangeOf(result: LabResult): ObservationReferenceRange[] | undefined {
  const range = result.referenceRange;
  if (!range) return undefined;
  return [
    {
      ...(range.low === null ? {} : { low: bound(range.low, result) }),
      ...(range.high === null ? {} : { high: bound(range.high, result) }),
      text: range.text,
    },
  ];
}

function valueFieldsOf(result: LabResult): Partial<Observation> {
  const { value } = result;
  if (value.kind === 'text') return { valueString: value.text };
  if (value.kind === 'none')
    return {
      dataAbsentReason: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
            code: 'unknown',
            display: 'Unknown',
          },
        ],
      },
    };
  const quantity = quantityOf(value.value, result.unit.text);
  return { valueQuantity: value.comparator ? { ...quantity, comparator: value.comparator } : quantity };
}

/**
 * One lab result as an Observation: LOINC code when matched (the original name as `code.text` always),
 * UCUM `valueQuantity` (the unit as written when unknown), `referenceRange`, `interpretation` from the
 * flag. A result with no LOINC match or an unknown unit is kept and tagged for a person to look at.
 */
export function labObservation(result: LabResult, context: LabObservationContext): Observation {
  const { namespace } = context;
  const identifier = identifierOf(namespace, 'parsing-job-result', context.identifierValue);
  const tags: Coding[] = [];
  if (!result.loincMatched)
    tags.push(flagTag(namespace, 'loinc-unmatched', 'No LOINC code matched this biomarker'));
  if (result.unit.text !== null && result.unit.ucum === null)
    tags.push(flagTag(namespace, 'unit-unknown', `Unit not recognised: ${result.unit.text}`));
  const name = result.name ?? 'Unnamed biomarker';
  const range = referenceRangeOf(result);
  const flag = result.interpretation;
  return {
    resourceType: 'Observation',
    id: resourceIdOf(identifier),
    ...(tags.length > 0 ? { meta: { tag: tags } } : {}),
    identifier: [identifier],
    status: context.status,
    category: [{ coding: [{ system: CATEGORY_SYSTEM, code: 'laboratory', display: 'Laboratory' }] }],
    code: result.loinc
      ? { coding: [{ system: LOINC_SYSTEM, code: result.loinc }], text: name }
      : { text: name },
    subject: context.subject,
    ...context.effective,
    issued: context.issued,
    ...valueFieldsOf(result),
    ...(flag
      ? {
          interpretation: [
            flag.code
              ? {
                  coding: [
                    { system: INTERPRETATION_SYSTEM, code: flag.code, display: flag.display ?? flag.code },
                  ],
                  text: flag.text,
                }
              : { text: flag.text },
          ],
        }
      : {}),
    ...(range ? { referenceRange: range } : {}),
  };
}
