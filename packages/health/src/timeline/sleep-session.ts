import { formatAtOffset, parseDateTime } from '../internal/date-time.js';
import type { DailySummaryRow } from '../rows.js';
import type { SessionRow } from './merge-sessions.js';

/**
 * The session of a sleep summary row: `bedtime_start` to `bedtime_end`, or to `bedtime_start` plus
 * `duration` seconds when the record has no end (written at the start's offset). Undefined when the
 * record carries neither a readable start nor a way to its end: such a record is not a session.
 */
export function sleepSessionOf(row: DailySummaryRow): SessionRow<DailySummaryRow> | undefined {
  const { bedtime_start: start, bedtime_end: end, duration } = row.data;
  if (typeof start !== 'string') return undefined;
  let parsed: ReturnType<typeof parseDateTime>;
  try {
    parsed = parseDateTime(start, 'bedtime_start');
    if (typeof end === 'string') {
      parseDateTime(end, 'bedtime_end');
      return { provider: row.provider, start, end, record: row };
    }
  } catch {
    return undefined;
  }
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0) return undefined;
  const endMs = parsed.epochMs + duration * 1000;
  const offset = parsed.writtenOffsetMinutes;
  const endText = offset === null ? new Date(endMs).toISOString() : formatAtOffset(endMs, offset);
  return { provider: row.provider, start, end: endText, record: row };
}
