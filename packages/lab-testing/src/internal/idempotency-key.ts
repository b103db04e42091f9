import { idempotencyKey, ValidationError } from '@svc/client';

/**
 * The key of one logical create/book call: the caller's own, or a fresh one. It goes to the client as
 * `options.idempotencyKey`, so every retry of the call carries the same key.
 */
export function idempotencyKeyFor(given: string | undefined): string {
  if (given === undefined) return idempotencyKey();
  if (typeof given !== 'string' || given.trim() === '') {
    throw new ValidationError('idempotencyKey', 'must be a non-empty string');
  }
  return given;
}
