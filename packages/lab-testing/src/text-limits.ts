import { ValidationError } from '@svc/client';

/** Most characters of `appointment_notes` on an appointment request, booking or reschedule (section 8). */
export const APPOINTMENT_NOTES_MAX_LENGTH = 1000;
/** Most characters of an order's clinical comments, `clinical_notes` (section 8). */
export const CLINICAL_NOTES_MAX_LENGTH = 1000;

/**
 * Characters as the limits count them: Unicode code points, as JSON Schema's `maxLength` (and the
 * client's own check) does, so an emoji is one character, not two UTF-16 units.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Throws ValidationError when `value` is not a string (or null, when allowed) of at most `max`
 * characters. Too long text is refused, never cut: notes are not silently dropped or shortened.
 * The value itself never appears in the message (it may hold health data).
 */
export function checkText(
  field: string,
  value: unknown,
  max: number,
  options: { nullable?: boolean } = {},
): void {
  if (value === undefined || (value === null && options.nullable)) return;
  if (typeof value !== 'string') {
    throw new ValidationError(field, options.nullable ? 'must be a string or null' : 'must be a string');
  }
  // UTF-16 length is an upper bound of the code point count: count only when it could be over.
  if (value.length > max) {
    const count = characterCount(value);
    if (count > max) throw new ValidationError(field, `must be at most ${max} characters (got ${count})`);
  }
}
