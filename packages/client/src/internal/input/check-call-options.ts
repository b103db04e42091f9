import { ValidationError } from '../../errors.js';

/** Timers longer than 2^31-1 ms overflow to 1 ms in every JavaScript runtime. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
/** More retries than this only hide an outage, and an unbounded count never lets a call end. */
export const MAX_RETRIES = 10;

export interface CallOptionsToCheck {
  timeoutMs?: unknown;
  maxRetries?: unknown;
  idempotencyKey?: unknown;
}

const outside = (value: unknown, min: number, max: number): boolean =>
  value !== undefined && !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max);

/** Checks client-wide and per-call options alike, before anything is sent. */
export function checkCallOptions({ timeoutMs, maxRetries, idempotencyKey }: CallOptionsToCheck): void {
  if (outside(timeoutMs, 1, MAX_TIMEOUT_MS))
    throw new ValidationError('timeoutMs', `must be 1 to ${MAX_TIMEOUT_MS} ms`);
  if (outside(maxRetries, 0, MAX_RETRIES))
    throw new ValidationError('maxRetries', `must be 0 to ${MAX_RETRIES}`);
  // A header value loses surrounding whitespace on the wire, so two distinct keys could collide.
  if (idempotencyKey !== undefined && !/^[!-~]([ -~]*[!-~])?$/.test(idempotencyKey as string))
    throw new ValidationError('idempotencyKey', 'must be visible ASCII, no outer spaces');
}
