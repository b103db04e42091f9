import { operationRules } from '@svc/client';

// Informational copies for callers (e.g. a character counter); the check itself is the client's,
// from the same generated table, before any request is sent.

/** Most characters of `appointment_notes` on an appointment request, booking or reschedule, as the spec states it. */
export const APPOINTMENT_NOTES_MAX_LENGTH: number | undefined = operationRules('requestPhlebotomyAppointment')
  .body?.props?.appointment_notes?.max;
/** Most characters of an order's clinical comments, `clinical_notes`, as the spec states it. */
export const CLINICAL_NOTES_MAX_LENGTH: number | undefined =
  operationRules('createOrder').body?.props?.clinical_notes?.max;

/**
 * Characters as the limits count them: Unicode code points, as JSON Schema's `maxLength` (and the
 * client's own check) does, so an emoji is one character, not two UTF-16 units.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
