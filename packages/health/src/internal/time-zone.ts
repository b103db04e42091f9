import { ValidationError } from '@svc/client';

// One formatter per zone is costly to build and cheap to reuse; a few zones cover a fleet, bounded anyway.
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 256;

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (formatter) return formatter;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    throw new ValidationError('timeZone', `is not an IANA time zone this runtime knows (${timeZone})`);
  }
  if (FORMATTERS.size >= MAX_FORMATTERS) FORMATTERS.delete(FORMATTERS.keys().next().value as string);
  FORMATTERS.set(timeZone, formatter);
  return formatter;
}

/** Throws ValidationError unless `timeZone` is an IANA zone the runtime knows. */
export function checkTimeZone(timeZone: string): void {
  formatterOf(timeZone);
}

/** Minutes east of UTC in `timeZone` at an instant (daylight saving applied), from the runtime's zone data. */
export function zoneOffsetMinutes(timeZone: string, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(epochMs)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
    parts.second as number,
  );
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}
