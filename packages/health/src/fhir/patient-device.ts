import type { Device, Identifier, Patient } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import {
  checkName,
  deviceIdOf,
  identifierOf,
  namespaceOf,
  patientIdOf,
  userIdentifierOf,
} from './identity.js';

export interface PatientInput {
  /** The service's user id: the Patient's id is made from it. */
  userId: string;
  /** Your own id of the user (the `client_user_id` you registered it with), when known. */
  clientUserId?: string | undefined;
  /**
   * The identifier system of your patients (a URL you control, e.g. `https://ehr.example.org/patients`):
   * with it, the Patient's first identifier is `{ system, value: clientUserId }`.
   */
  patientSystem?: string | undefined;
  /** Base URL of the identifier systems; default DEFAULT_NAMESPACE. */
  namespace?: string | undefined;
}

const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:\S+$/i;

/**
 * The Patient of a user, for `references: 'resource'`: id from the service's user id (the same on every
 * export), your identifier first (`patientSystem` + `clientUserId`) when both are known, the service's
 * user id as the second (or only) identifier.
 */
export function patientResource(input: PatientInput): Patient {
  const namespace = namespaceOf(input);
  if (input.patientSystem !== undefined && !ABSOLUTE_URI.test(input.patientSystem))
    throw new ValidationError(
      'patientSystem',
      'must be an absolute URI, e.g. https://ehr.example.org/patients',
    );
  const identifier: Identifier[] = [];
  if (input.patientSystem !== undefined && input.clientUserId !== undefined)
    identifier.push({
      use: 'usual',
      system: input.patientSystem,
      value: checkName(input.clientUserId, 'clientUserId'),
    });
  identifier.push({ use: 'secondary', ...userIdentifierOf(namespace, input.userId) });
  return { resourceType: 'Patient', id: patientIdOf(namespace, input.userId), identifier };
}

/** The Device of a provider or source (`oura`, `garmin`), for `references: 'resource'`. */
export function deviceResource(provider: string, options: { namespace?: string } = {}): Device {
  const namespace = namespaceOf(options);
  return {
    resourceType: 'Device',
    id: deviceIdOf(namespace, provider),
    identifier: [identifierOf(namespace, 'provider', checkName(provider, 'provider'))],
    deviceName: [{ name: provider, type: 'user-friendly-name' }],
  };
}
