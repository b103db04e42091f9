import type { Identifier, Observation } from '@medplum/fhirtypes';
import { flagTag, resourceIdOf } from './identity.js';
import { measuredQuantity } from './measured-quantity.js';
import { categoryOf, codeOf, type Measure } from './measures.js';

/**
 * What every measured Observation (a timeseries point, a summary field) opens with, in its order: id
 * and identifier, a tag where the unit is not one we know, status, category and the code of `key`; and
 * the value as a UCUM quantity, for its `valueQuantity`.
 */
export function measuredObservation(
  namespace: string,
  identifier: Identifier,
  measure: Measure,
  key: string,
  read: { value: number; unit: string },
) {
  const { quantity, known } = measuredQuantity(read.value, read.unit, measure);
  const head = {
    resourceType: 'Observation',
    id: resourceIdOf(identifier),
    ...(known
      ? {}
      : { meta: { tag: [flagTag(namespace, 'unit-unknown', `Unit not recognised: ${read.unit}`)] } }),
    identifier: [identifier],
    status: 'final',
    ...categoryOf(measure),
    code: codeOf(measure, key, namespace),
  } satisfies Observation;
  return { head, quantity };
}
