// Retry-After (RFC 9110 §10.2.3): delay-seconds (digits only) or an HTTP-date in one of its three
// forms (§5.6.7). Hand-written because Date.parse accepts far more ("-1", "+5", "1." read as dates).
const DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** Sun, 06 Nov 1994 08:49:37 GMT */
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
/** Sunday, 06-Nov-94 08:49:37 GMT */
const RFC_850 = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
/** Sun Nov  6 08:49:37 1994 */
const ASCTIME = new RegExp(`^(?:${DAYS}) (${MONTH}) ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

type Fields = [day: string, month: string, year: number, hour: string, minute: string, second: string];

function fieldsOf(value: string, now: number): Fields | undefined {
  let match = IMF_FIXDATE.exec(value);
  if (match) return [match[1], match[2], Number(match[3]), match[4], match[5], match[6]] as Fields;
  match = RFC_850.exec(value);
  if (match) {
    // A two-digit year more than 50 years ahead is in the past century (RFC 9110 §5.6.7).
    const thisYear = new Date(now).getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + Number(match[3]);
    if (year > thisYear + 50) year -= 100;
    return [match[1], match[2], year, match[4], match[5], match[6]] as Fields;
  }
  match = ASCTIME.exec(value);
  if (match) return [match[2], match[1], Number(match[6]), match[3], match[4], match[5]] as Fields;
  return undefined;
}

function httpDate(value: string, now: number): number | undefined {
  const fields = fieldsOf(value, now);
  if (!fields) return undefined;
  const [dayText, monthName, year, hour, minute, second] = fields;
  const month = MONTHS.indexOf(monthName);
  const day = Number(dayText.trim());
  const time = Date.UTC(year, month, day, Number(hour), Number(minute), Number(second));
  const date = new Date(time);
  // Date.UTC rolls 31 Feb over into March and 25:00 into the next day: such a date is not real.
  const real =
    date.getUTCDate() === day &&
    date.getUTCMonth() === month &&
    date.getUTCHours() === Number(hour) &&
    date.getUTCMinutes() === Number(minute) &&
    date.getUTCSeconds() === Number(second);
  return real ? time : undefined;
}

/**
 * Milliseconds to wait according to a `Retry-After` header. `undefined` when absent or not
 * conforming (`-1`, `+5`, `1.`, `1.5`, a loose date): the caller falls back to its backoff. Never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = httpDate(trimmed, now);
  return date === undefined ? undefined : Math.max(0, date - now);
}
