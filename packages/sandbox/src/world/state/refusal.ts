import type { Violation } from '../../internal/violation.js';

/**
 * Why a world refuses a step, in its own terms: `not_found` (no such record in the world),
 * `conflict` (the record is in a state that forbids it) or `invalid` (the values asked for are not
 * ones the world can take). The edge that answers (`http/`) picks the status; the world never does.
 */
export type RefusalKind = 'not_found' | 'conflict' | 'invalid';

/**
 * A step the world refuses: thrown inside its transaction so that every change the step made is
 * undone, then answered by the edge. `code` is the stable, machine-readable name partners see.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
    /** Each place of the request that caused it, when the world can name one. */
    readonly violations?: Violation[],
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** A record the step names is not in the world. */
export const notFound = (what: string) =>
  new Refusal('not_found', 'not_found', `${what} was not found in this sandbox world`);

/** The world is in a state that forbids the step (an appointment already booked, no slot left). */
export const conflict = (code: string, message: string) => new Refusal('conflict', code, message);

/** The values asked for are not ones the world can take (a time out of range, a broken snapshot). */
export const invalid = (code: string, message: string, violations?: Violation[]) =>
  new Refusal('invalid', code, message, violations);
