/**
 * `YYYY-MM-DD`, then optionally a time (`THH:MM`, seconds and their fractions optional) and an offset
 * (`Z`, `±HH:MM`, `±HHMM`); `T` may be a space, as Date.parse reads it.
 */
const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days of `month` (1 to 12) in `year`. */
function daysIn(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The time value of a date (`YYYY-MM-DD`, midnight UTC) or an ISO 8601 date-time (one without an offset
 * in UTC, as a date is: Date.parse would read it in the machine's time zone, so a world would answer
 * another hour on another machine), or undefined for anything else: a day its month does not have
 * (`2026-02-30`), an hour past 23, or a text that is not ISO 8601 at all (`Dec 1 2025`, `1`).
 */
export function parseIsoTime(text: string): number | undefined {
  const match = ISO_TIME.exec(text);
  if (!match) return undefined;
  // An absent time field is 0.
  const fields = match.slice(1, 7).map((field) => Number(field ?? 0));
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields;
  // Date.parse rolls a day its month does not have over into the next month (02-30 is 03-02).
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  // It reads 24:00 as the next midnight; the date-times read here end at 23:59:59.
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const time = Date.parse(
    match[4] === undefined ? `${text}T00:00:00Z` : match[7] === undefined ? `${text}Z` : text,
  );
  return Number.isNaN(time) ? undefined : time;
}
