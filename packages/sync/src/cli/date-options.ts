// --from, --to and --since as an operator types them: each refused in one line naming the option, before
// anything is opened or sent. A date is checked against the calendar (Date.parse takes 2026-02-30 as
// 2 March); days.ts holds the checks the library makes too.
import { givenDate, parseDateTime, parseDay } from '../days.js';
import { CliFailure, EXIT } from './exit-codes.js';
import type { Values } from './parse-command.js';

/** `--name` as a day that exists, `YYYY-MM-DD`. */
export function dayOption(name: string, value: string): string {
  const day = parseDay(value);
  if (day === undefined)
    throw new CliFailure(`--${name} must be a day YYYY-MM-DD ${givenDate(value)}`, EXIT.usage);
  return day;
}

/** `--from` and `--to` (both given) as days, `--to` not before `--from`. */
export function dayRangeOf(values: Values): { from: string; to: string } {
  const from = dayOption('from', values.from as string);
  const to = dayOption('to', values.to as string);
  if (to < from) throw new CliFailure(`--to ${to} is before --from ${from}`, EXIT.usage);
  return { from, to };
}

/** `--name` as a day `YYYY-MM-DD` or an ISO date-time with its offset (`2026-01-05T00:00:00Z`) whose date exists. */
export function dayOrInstantOption(name: string, value: string): string {
  if (parseDay(value) === undefined && parseDateTime(value) === undefined)
    throw new CliFailure(
      `--${name} must be a day YYYY-MM-DD or an ISO date-time with its offset, such as 2026-01-05T00:00:00Z ${givenDate(value)}`,
      EXIT.usage,
    );
  return value;
}
