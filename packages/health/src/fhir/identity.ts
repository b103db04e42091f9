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
  /**
   * How the user and the provider are referred to. `identifier` (default): by identifier, for a server
   * that resolves them. `resource`: `Patient/<id>` and `Device/<id>`, the resources `patientResource`
   * and `deviceResource` build (ids from the service's user id and the provider), to send with them.
   */
  references?: 'identifier' | 'resource';
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

/**
 * An identifier value made of several parts, written so that different parts never give the same value:
 * a JSON array (a `|` inside a user id cannot move a boundary, and a lone surrogate or a control
 * character is escaped, so the value is a valid FHIR string).
 */
export const tupleValue = (...parts: readonly string[]): string => JSON.stringify(parts);

const UTF8 = new TextEncoder();

/**
 * The resource id of an identifier: a UUID (v5) of system and value, the same on every run. The name
 * hashed is the JSON text of the pair: one pair, one name (JSON escapes what UTF-8 cannot hold, so no
 * text throws or collides with another).
 */
export const resourceIdOf = (identifier: Identifier): string =>
  uuidv5(UTF8.encode(JSON.stringify([identifier.system ?? '', identifier.value ?? ''])), uuidv5.URL);

// C0 controls but tab, line feed and carriage return (FHIR strings allow those), DEL and C1 controls,
// and a surrogate without its pair: none belongs in an id, and FHIR refuses some of them.
const UNFIT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Checks a text that names something (a user id, a provider): non-empty, no control character, no lone surrogate. */
export function checkName(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw new ValidationError(field, 'must be a non-empty string');
  const bad = UNFIT.exec(value);
  if (bad)
    throw new ValidationError(
      field,
      `holds U+${(bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')} (${JSON.stringify(value)}), a control character or lone surrogate`,
    );
  return value;
}

/** The service's user id as an identifier in `<namespace>/user-id`. */
export const userIdentifierOf = (namespace: string, userId: string): Identifier =>
  identifierOf(namespace, 'user-id', userId);

/**
 * `make(namespace, name)` remembering its last answer: rows come in key order, so a run of rows names
 * one user and one provider, and their ids (a SHA-1 each) are made once per run, not once per row.
 */
function lastOf(make: (namespace: string, name: string) => string) {
  let last: { namespace: string; name: string; id: string } | undefined;
  return (namespace: string, name: string): string => {
    if (last?.namespace !== namespace || last.name !== name)
      last = { namespace, name, id: make(namespace, name) };
    return last.id;
  };
}

/** The id of the Patient `patientResource` builds for a user: from the service's user id, the same on every run. */
export const patientIdOf = lastOf((namespace, userId) =>
  resourceIdOf(userIdentifierOf(namespace, checkName(userId, 'userId'))),
);

/** The id of the Device `deviceResource` builds for a provider or source. */
export const deviceIdOf = lastOf((namespace, provider) =>
  resourceIdOf(identifierOf(namespace, 'provider', checkName(provider, 'provider'))),
);

/** The device of a provider's data: a reference to its Device resource, or its identifier and name. */
export function deviceOf(provider: string, options: Pick<FhirOptions, 'namespace' | 'references'>) {
  const namespace = namespaceOf(options);
  if (options.references === 'resource')
    return { reference: `Device/${deviceIdOf(namespace, provider)}`, display: provider };
  return { display: provider, identifier: identifierOf(namespace, 'provider', provider) };
}

/** The subject of a user's data: the caller's reference, else the service's user id as an identifier. */
export function subjectOf(
  userId: string,
  options: Pick<FhirOptions, 'namespace' | 'subject' | 'references'>,
): Reference<Patient> {
  if (options.subject) return options.subject;
  checkName(userId, 'userId');
  if (options.references === 'resource')
    return { reference: `Patient/${patientIdOf(namespaceOf(options), userId)}` };
  return { type: 'Patient', identifier: identifierOf(namespaceOf(options), 'user-id', userId) };
}

/** A tag our output carries where a reader must look twice (no LOINC match, an unknown unit). */
export const flagTag = (namespace: string, code: 'loinc-unmatched' | 'unit-unknown', display: string) => ({
  system: `${namespace}/flags`,
  code,
  display,
});
