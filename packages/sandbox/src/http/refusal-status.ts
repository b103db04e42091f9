import { HttpError } from '../internal/http-error.js';
import { TransitionRefusedError } from '../machines/lifecycles.js';
import { Refusal, type RefusalKind } from '../world/state/refusal.js';

/**
 * The status each kind of refusal of a world is answered with: the one place where the domain's
 * outcome becomes HTTP. A new kind does not compile until it has a status here.
 */
const STATUS_OF = {
  not_found: 404,
  conflict: 409,
  invalid: 422,
} as const satisfies Record<RefusalKind, number>;

/** A lifecycle that refuses a transition is a conflict with the record's state. */
const refusalOf = (error: TransitionRefusedError) =>
  new Refusal('conflict', 'transition_not_allowed', error.message);

/**
 * The refusal to answer for what a request's work threw: an HttpError as it is, a world's refusal
 * with the status of its kind; undefined for anything else (a fault of the sandbox: a 500).
 */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const refusal = error instanceof TransitionRefusedError ? refusalOf(error) : error;
  if (!(refusal instanceof Refusal)) return undefined;
  return new HttpError(STATUS_OF[refusal.kind], refusal.code, refusal.message, refusal.violations);
}
