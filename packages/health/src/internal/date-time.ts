import { ValidationError } from '@svc/client';

/** A date-time read from text: the instant, the offset the text wrote, and the text as FHIR writes it. */
export interface ParsedDateTime {
  epochMs: number;
  /** Minutes east of UTC written in the text; null when the text says UTC (`Z`) or an unknown offset (`-00:00`). */
  writtenOffsetMinutes: number | null;
  /**
   * The same date-time in FHIR's `dateTime`/`instant` grammar: seconds always, `Z` upper case, the offset
   * as `+hh:mm`; the wall time and offset as written, nothing else changed.
   */
  fhir: string;
}

// The shapes read: ISO 8601 extended, seconds and fraction optional, `Z`/`z` or an offset with or
// without its colon. Values are checked one by one below, so nothing past the grammar reaches FHIR.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|z|([+-])(\d{2}):?(\d{2}))$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const HINT = 'must be an ISO 8601 date-time with Z or an offset, e.g. 2025-10-01T23:30:00+02:00';

/** The days in a month of the proleptic Gregorian calendar. */
const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** The problem with a calendar date's parts, or undefined when the day exists (year 0000 does not, in FHIR). */
function dateProblem(year: number, month: number, day: number): string | undefined {
  if (year < 1) return 'has year 0000, which FHIR does not allow';
  if (month < 1 || month > 12) return `has month ${String(month).padStart(2, '0')}, which does not exist`;
  if (day < 1 || day > daysIn(year, month))
    return `is ${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}, a day that does not exist`;
  return undefined;
}

/** Milliseconds since the epoch of a UTC wall time (years below 100 kept, which Date.UTC would shift). */
function utcMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

/**
 * Reads an ISO 8601 date-time that carries `Z` or an offset and checks every part against FHIR's
 * `dateTime` grammar: a day that exists (no year 0000), hours 00–23, minutes and seconds 00–59, an offset
 * within ±14:00. What is unambiguous is normalised in `fhir` (seconds added, `z` → `Z`, `t` → `T`,
 * `+0200` → `+02:00`); anything else is a ValidationError naming `field`.
 */
export function parseDateTime(text: unknown, field: string): ParsedDateTime {
  const match = typeof text === 'string' ? DATE_TIME.exec(text) : null;
  if (!match) throw new ValidationError(field, HINT);
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = match[6] === undefined ? 0 : Number(match[6]);
  const problem =
    dateProblem(year, month, day) ??
    (hour > 23 ? `has hour ${match[4]}: FHIR writes midnight as 00 of the next day` : undefined) ??
    (minute > 59 ? `has minute ${match[5]}` : undefined) ??
    (second > 59 ? `has second ${match[6]}` : undefined);
  if (problem) throw new ValidationError(field, `${problem} (${HINT})`);
  const fraction = match[7] ?? '';
  let writtenOffsetMinutes: number | null = null;
  let zone = 'Z';
  if (match[9] !== undefined) {
    const offsetHours = Number(match[10]);
    const offsetMinutes = Number(match[11]);
    if (offsetMinutes > 59 || offsetHours * 60 + offsetMinutes > 14 * 60)
      throw new ValidationError(field, `has offset ${match[8]}, past the ±14:00 FHIR allows (${HINT})`);
    const sign = match[9] === '-' ? -1 : 1;
    zone = `${match[9]}${match[10]}:${match[11]}`;
    const minutes = sign * (offsetHours * 60 + offsetMinutes);
    // `-00:00` says "offset unknown", like `Z` for reading; it is kept as written.
    writtenOffsetMinutes = minutes === 0 && sign === -1 ? null : minutes;
  }
  const ms = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  const epochMs = utcMs(year, month, day, hour, minute, second, ms) - (writtenOffsetMinutes ?? 0) * 60_000;
  const wall = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6] ?? '00'}${fraction}`;
  return { epochMs, writtenOffsetMinutes, fhir: `${wall}${zone}` };
}

/** Checks a calendar date (`YYYY-MM-DD`) is a day that exists and FHIR allows; a ValidationError naming `field` otherwise. */
export function checkCalendarDate(text: unknown, field: string): string {
  const match = typeof text === 'string' ? CALENDAR_DATE.exec(text) : null;
  if (!match) throw new ValidationError(field, 'must be a date, YYYY-MM-DD');
  const problem = dateProblem(Number(match[1]), Number(match[2]), Number(match[3]));
  if (problem) throw new ValidationError(field, problem);
  return text as string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `+02:00` for 120 minutes, `-04:30` for -270. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant as local wall time at an offset: `2025-10-01T23:30:00+02:00` (milliseconds kept when present). */
export function formatAtOffset(epochMs: number, offsetMinutes: number): string {
  const wall = new Date(epochMs + offsetMinutes * 60_000).toISOString(); // read as wall time, not UTC
  return `${wall.slice(0, 19)}${wall.slice(19, 23) === '.000' ? '' : wall.slice(19, 23)}${offsetText(offsetMinutes)}`;
}

/** The calendar date of an instant's wall time at an offset. */
export const dateAtOffset = (epochMs: number, offsetMinutes: number): string =>
  new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** An instant for FHIR's `instant` type (seconds and a zone required), from a Date or date-time text. */
export function instantText(value: string | Date, field: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new ValidationError(field, 'is an invalid Date');
    return value.toISOString();
  }
  return parseDateTime(value, field).fhir;
}
