// Points' times, parsed and written once per distinct text or instant: a fleet's points share their
// instants (the same hours for every user, in a few offsets), and parsing a time with an offset or
// writing one as ISO costs about a microsecond each, times every point read and stored. A leaf module,
// so the reads and the stores share one cache; each map is bounded (cleared when full).

const MAX_ENTRIES = 8_192;
const parsed = new Map<string, number>();
const written = new Map<number, string>();

/** `Date.parse(text)`, remembered for strings. */
export function timeMs(text: string): number {
  if (typeof text !== 'string') return Date.parse(text);
  let ms = parsed.get(text);
  if (ms === undefined) {
    ms = Date.parse(text);
    if (parsed.size >= MAX_ENTRIES) parsed.clear();
    parsed.set(text, ms);
  }
  return ms;
}

/** `new Date(ms).toISOString()` (a RangeError for an invalid time, as there), remembered. */
export function isoOf(ms: number): string {
  let text = written.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (written.size >= MAX_ENTRIES) written.clear();
    written.set(ms, text);
  }
  return text;
}
