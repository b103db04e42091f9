// A calendar day as the package writes it (`YYYY-MM-DD`, UTC), read and written by the plan, the reads,
// the console and the options; a leaf module, so none of them reaches into another's folder for it.

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS);

/** The `YYYY-MM-DD` date of a day number. */
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date that exists, or undefined. */
export function parseDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DATE.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(time) || isoDay(Math.floor(time / DAY_MS)) !== value ? undefined : value;
}

/**
 * What was given, and why a date-shaped text was not taken (a date the calendar does not have), for a
 * refusal: the CLI's options and the reads' arguments say it in the same words.
 */
export function givenDate(value: unknown): string {
  const date = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
  const impossible = date !== undefined && parseDay(date) === undefined;
  return `(got ${JSON.stringify(value) ?? String(value)}${impossible ? `: the calendar has no ${date}` : ''})`;
}

/** The `YYYY-MM-DD` date of an instant (milliseconds since the epoch). */
export const dayOf = (time: number) => isoDay(Math.floor(time / DAY_MS));

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * An ISO date-time with its offset (`2026-01-05T00:00:00Z`, `…+02:00`) whose date exists, as
 * milliseconds since the epoch, or undefined. Its date is checked on its own: Date.parse rolls
 * 2026-02-30 over to 2 March. One without an offset is undefined: Date.parse would read it in the
 * machine's time zone, so the same text would mean another instant on another server.
 */
export function parseDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const date = DATE_TIME.exec(value)?.[1];
  if (date === undefined || parseDay(date) === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}
