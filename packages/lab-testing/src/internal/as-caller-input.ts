import { ValidationError } from '@svc/client';

/**
 * Runs a client call whose body is the helper caller's own object, and names a field the client's
 * validation refuses as the caller wrote it: `body.appointment_notes` becomes `appointment_notes`,
 * `body` becomes `argument` (the helper's parameter name). The limits themselves are the spec's,
 * checked by the client before any request is sent.
 */
export async function asCallerInput<T>(argument: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ValidationError && (error.field === 'body' || error.field.startsWith('body.'))) {
      const field = error.field === 'body' ? argument : error.field.slice('body.'.length);
      throw new ValidationError(field, error.problem);
    }
    throw error;
  }
}
