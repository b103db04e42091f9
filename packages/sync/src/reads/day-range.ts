import { givenDate, parseDay } from '../days.js';
import { SyncInputError } from '../errors/errors.js';

/**
 * Checks a read's `from` and `to` before the store is read: each a day the calendar has (Date.parse takes
 * 2026-02-30 as 2 March), `to` not before `from`. The refusal names the argument and what was given.
 */
export function checkDayRange(from: unknown, to: unknown): void {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (parseDay(value) === undefined)
      throw new SyncInputError(`${name} must be a day YYYY-MM-DD ${givenDate(value)}`);
  if ((to as string) < (from as string)) throw new SyncInputError(`to ${to} is before from ${from}`);
}
