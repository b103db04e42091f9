import { ValidationError } from '@svc/client';
import { parseDateTime } from '../internal/date-time.js';
import { compareProviders, DEFAULT_PROVIDER_PRIORITY } from './provider-priority.js';

/** One session as a source recorded it (a night's sleep, a workout, or one fragment of either). */
export interface SessionRow<R = unknown> {
  provider: string;
  /** ISO 8601 date-time with Z or an offset. */
  start: string;
  end: string;
  /** The record the session came from, carried through untouched. */
  record?: R;
}

/** One entry of the merged timeline: the chosen provider's rows over a span, and every row of the span. */
export interface TimelineEntry<R = unknown> {
  /** The provider chosen by priority among those that recorded this span. */
  provider: string;
  /** Start of the chosen provider's first row in the span, as written. */
  start: string;
  /** End of the chosen provider's last row in the span, as written. */
  end: string;
  /** Seconds covered by the chosen provider's rows (gaps between fragments not counted, overlaps once). */
  durationSeconds: number;
  /** The chosen provider's rows, in time order: fragments of one night are all here. */
  chosen: SessionRow<R>[];
  /** Every row of the span, every provider's, in time order: nothing is dropped. */
  sources: SessionRow<R>[];
  /** Providers that recorded the span, the chosen one first. */
  providers: string[];
}

export interface MergeOptions {
  /** Provider priority, first wins; default DEFAULT_PROVIDER_PRIORITY. */
  priority?: readonly string[];
  /**
   * Rows closer than this join one entry (a night recorded as stages, or with a short wake between
   * fragments). Default 0: only rows that overlap or touch. `mergeSleep` uses SLEEP_MAX_GAP_SECONDS.
   */
  maxGapSeconds?: number;
}

/** Fragments of one night less than 30 minutes apart are one night. */
export const SLEEP_MAX_GAP_SECONDS = 1800;

interface Timed<R> {
  row: SessionRow<R>;
  start: number;
  end: number;
}

function timed<R>(row: SessionRow<R>, index: number): Timed<R> {
  const start = parseDateTime(row.start, `sessions[${index}].start`).epochMs;
  const end = parseDateTime(row.end, `sessions[${index}].end`).epochMs;
  if (end < start) throw new ValidationError(`sessions[${index}].end`, 'must not be before its start');
  if (typeof row.provider !== 'string' || row.provider === '')
    throw new ValidationError(`sessions[${index}].provider`, 'must be a provider slug');
  return { row, start, end };
}

/** Seconds covered by sorted intervals, overlaps counted once. */
function coveredSeconds(intervals: readonly Timed<unknown>[]): number {
  let total = 0;
  let [from, to] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const { start, end } of intervals) {
    if (start > to) {
      if (to > from) total += to - from;
      [from, to] = [start, end];
    } else to = Math.max(to, end);
  }
  if (to > from) total += to - from;
  return total / 1000;
}

/**
 * One timeline from several devices: rows that overlap (or lie within `maxGapSeconds` of each other)
 * form one span, and each span becomes one entry, taken from the provider first in `priority` among
 * those that recorded it. Every input row stays reachable in its entry's `sources`.
 */
export function mergeSessions<R>(
  rows: Iterable<SessionRow<R>>,
  options: MergeOptions = {},
): TimelineEntry<R>[] {
  const gapMs = (options.maxGapSeconds ?? 0) * 1000;
  if (!(gapMs >= 0)) throw new ValidationError('maxGapSeconds', 'must be zero or more');
  const byProvider = compareProviders(options.priority ?? DEFAULT_PROVIDER_PRIORITY);
  const sorted = [...rows].map(timed).sort((a, b) => a.start - b.start || a.end - b.end);
  const spans: Timed<R>[][] = [];
  let spanEnd = Number.NEGATIVE_INFINITY;
  for (const item of sorted) {
    const current = spans.at(-1);
    if (current && item.start <= spanEnd + gapMs) {
      current.push(item);
      spanEnd = Math.max(spanEnd, item.end);
    } else {
      spans.push([item]);
      spanEnd = item.end;
    }
  }
  return spans.map((span) => {
    const providers = [...new Set(span.map((item) => item.row.provider))].sort(byProvider);
    const provider = providers[0] as string;
    const chosen = span.filter((item) => item.row.provider === provider);
    const last = chosen.reduce((a, b) => (b.end > a.end ? b : a));
    return {
      provider,
      start: (chosen[0] as Timed<R>).row.start,
      end: last.row.end,
      durationSeconds: coveredSeconds(chosen),
      chosen: chosen.map((item) => item.row),
      sources: span.map((item) => item.row),
      providers,
    };
  });
}

/** `mergeSessions` for sleep: fragments of a night within SLEEP_MAX_GAP_SECONDS are one night. */
export const mergeSleep = <R>(
  rows: Iterable<SessionRow<R>>,
  options: Omit<MergeOptions, 'maxGapSeconds'> = {},
) => mergeSessions(rows, { ...options, maxGapSeconds: SLEEP_MAX_GAP_SECONDS });
