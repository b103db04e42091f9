import { IDEMPOTENCY_KEY_HEADER } from '../../headers.js';
import { idempotencyKey } from '../../idempotency-key.js';
import type { Operation } from '../../operation.js';
import { checkPathParams } from '../input/path-segment.js';
import { type Input, validateInput } from '../input/validate.js';

const DEFAULT_KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * The one preparation step of both call styles, before anything is sent: the input is validated
 * (a path outside the operation table still never sends a value that changes the path's shape),
 * then the idempotency key is chosen and written into `header` (owned by the caller) under the
 * client's header name. The key is the one given in the call's options, else one given as a header
 * param (any letter case, default or confirmed name), else a new one for an `x-svc-idempotent`
 * operation; header params under either name go, so the key is sent once.
 */
export function prepareCall(
  operation: Operation | undefined,
  input: Input,
  header: Record<string, unknown>,
  givenKey: string | undefined,
  idempotencyHeader: string,
): void {
  if (operation) validateInput(operation, input);
  else checkPathParams(input.path);
  let headerKey: unknown;
  const confirmed = idempotencyHeader.toLowerCase();
  for (const name in header) {
    const lower = name.toLowerCase();
    if (lower === confirmed || lower === DEFAULT_KEY_HEADER) {
      headerKey ??= header[name];
      delete header[name];
    }
  }
  const key = givenKey ?? headerKey ?? (operation?.idempotent ? idempotencyKey() : undefined);
  if (key !== undefined) header[idempotencyHeader] = key;
}
