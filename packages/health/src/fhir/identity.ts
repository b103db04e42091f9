import type { Identifier, Patient, Reference } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { v5 as uuidv5 } from 'uuid';

/**
 * Where the identifiers we write live (`<namespace>/user-id`, `<namespace>/observation`, …). Set
 * `namespace` to a URL your organisation controls; this default is a placeholder that resolves nowhere.
 */
export const DEFAULT_NAMESPACE = 'https://svc.invalid/fhir';

/** Options every FHIR builder takes. */
export interface FhirOptions {
  /** Base URL of the identifier systems; default DEFAULT_NAMESPACE. */
  namespace?: string;
  /** When the resources are made available (`issued`): an instant, e.g. the export's start. Required. */
  issued: string | Date;
  /**
   * Who the data is about. Default: a reference by identifier to the service's user id
   * (`{ identifier: { system: '<namespace>/user-id', value } }`); give your EHR's `Patient/…` instead.
   */
  subject?: Reference<Patient>;
}

export function namespaceOf(options: { namespace?: string }): string {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(namespace) || namespace.endsWith('/'))
    throw new ValidationError('namespace', 'must be an absolute URI without a trailing slash');
  return namespace;
}

/** The identifier of a resource we make, in `<namespace>/<kind>`. */
export const identifierOf = (namespace: string, kind: string, value: string): Identifier => ({
  system: `${namespace}/${kind}`,
  value,
});

/** The resource id of an identifier: a UUID (v5) of system and value, the same on every run. */
export const resourceIdOf = (identifier: Identifier): string =>
  uuidv5(`${identifier.system}|${identifier.value}`, uuidv5.URL);

/** The subject of a user's data: the caller's reference, else the service's user id as an identifier. */
export function subjectOf(
  userId: string,
  options: Pick<FhirOptions, 'namespace' | 'subject'>,
): Reference<Patient> {
  if (options.subject) return options.subject;
  if (typeof userId !== 'string' || userId === '')
    throw new ValidationError('userId', 'must be a non-empty string');
  return { type: 'Patient', identifier: identifierOf(namespaceOf(options), 'user-id', userId) };
}

/** A tag our output carries where a reader must look twice (no LOINC match, an unknown unit). */
export const flagTag = (namespace: string, code: 'loinc-unmatched' | 'unit-unknown', display: string) => ({
  system: `${namespace}/flags`,
  code,
  display,
});
