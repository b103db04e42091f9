import { ValidationError } from '../../errors.js';

/** Timers longer than 2^31-1 ms overflow to 1 ms in every JavaScript runtime. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
/** More retries than this only hide an outage, and an unbounded count never lets a call end. */
export const MAX_RETRIES = 10;
/**
 * The most `maxResponseBytes` may be: 256 MiB of text fits one string in every engine (V8's
 * longest is 512 Mi characters), and no answer of the service comes near it.
 */
export const MAX_RESPONSE_BYTES_LIMIT = 2 ** 28;

export interface CallOptionsToCheck {
  timeoutMs?: unknown;
  maxRetries?: unknown;
  maxResponseBytes?: unknown;
}

/** Each numeric option's range and unit: a whole number from `min` to `max`. */
const RANGES: Record<string, [min: number, max: number, unit: string]> = {
  timeoutMs: [1, MAX_TIMEOUT_MS, ' ms'],
  maxRetries: [0, MAX_RETRIES, ''],
  maxResponseBytes: [1, MAX_RESPONSE_BYTES_LIMIT, ' bytes'],
};

/** Checks client-wide and per-call options alike (a call's limits, its idempotency key), before anything is sent. */
export function checkCallOptions(options: CallOptionsToCheck, idempotencyKey?: unknown): void {
  for (const name in RANGES) {
    const value = options[name as keyof CallOptionsToCheck];
    const [min, max, unit] = RANGES[name] as [number, number, string];
    if (
      value !== undefined &&
      !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
    )
      throw new ValidationError(name, `must be ${min} to ${max}${unit}`);
  }
  // A header value loses surrounding whitespace on the wire, so two distinct keys could collide.
  if (idempotencyKey !== undefined && !/^[!-~]([ -~]*[!-~])?$/.test(idempotencyKey as string))
    throw new ValidationError('idempotencyKey', 'must be visible ASCII, no outer spaces');
}
