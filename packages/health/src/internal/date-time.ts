import { ValidationError } from '@svc/client';

/** A date-time read from text: the instant, and the offset the text wrote (null for `Z` or `-00:00`). */
export interface ParsedDateTime {
  epochMs: number;
  /** Minutes east of UTC written in the text; null when the text says UTC (`Z`) or an unknown offset (`-00:00`). */
  writtenOffsetMinutes: number | null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Reads an ISO 8601 date-time that carries `Z` or an offset; anything else is a ValidationError naming `field`. */
export function parseDateTime(text: unknown, field: string): ParsedDateTime {
  const match = typeof text === 'string' ? DATE_TIME.exec(text) : null;
  const epochMs = match ? Date.parse(text as string) : Number.NaN;
  if (!match || Number.isNaN(epochMs))
    throw new ValidationError(
      field,
      'must be an ISO 8601 date-time with Z or an offset, e.g. 2025-10-01T23:30:00+02:00',
    );
  const zone = (match[8] as string).toUpperCase();
  if (zone === 'Z' || zone === '-00:00' || zone === '-0000') return { epochMs, writtenOffsetMinutes: null };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return {
    epochMs,
    writtenOffsetMinutes: sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))),
  };
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
  const { epochMs } = parseDateTime(value, field);
  // FHIR's instant needs seconds: a text without them is written out again in UTC.
  return /T\d{2}:\d{2}:\d{2}/.test(value) ? value : new Date(epochMs).toISOString();
}
