import { invalid } from '../state/refusal.js';
import { type EventCheck, release, runtimeOf, type WorldEntry } from '../state/runtime.js';
import { LATEST_TIME, MAX_ADVANCE_SECONDS, runUntil } from './advance.js';

/**
 * The most steps one slice of a catch-up runs before the world lets other work in (a few milliseconds
 * of work): between slices, every other world's requests are answered.
 */
export const STEPS_PER_SLICE = 500;

/** How far ahead of this machine's clock a state file's `saved_at` may be and still mean "just now". */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** The longest gap a catch-up covers: the longest one advance may move (ten years). */
const MAX_CATCH_UP_MS = MAX_ADVANCE_SECONDS * 1000;

/**
 * The wall-clock time an imported world on real time catches up from: its file's `saved_at`. Checked
 * before anything is replaced: a `saved_at` later than now (past the skew allowed) or further back
 * than one advance may move is refused, since catching up over it would run years of steps the
 * partner never asked for. Without `saved_at`, the world runs on from now.
 */
export function catchUpStart(savedAt: string | undefined, now: number): number {
  if (savedAt === undefined) return now;
  const saved = Date.parse(savedAt);
  const refuse = (why: string) =>
    invalid(
      'saved_at_out_of_range',
      `state.saved_at ${savedAt} ${why} (now ${new Date(now).toISOString()}): on real time every world would catch up over that gap. Import it on a frozen clock (the server's --frozen) to serve it as saved, and move its clock with advance.`,
    );
  if (Number.isNaN(saved)) throw refuse('is not a time');
  if (saved > now + MAX_CLOCK_SKEW_MS) throw refuse('is later than now');
  if (now - saved > MAX_CATCH_UP_MS)
    throw refuse('is more than ten years ago, longer than one advance may move');
  return Math.min(saved, now);
}

/**
 * One slice of a real-time world's catch-up with the wall clock: the steps due between its now and
 * the wall-clock time passed since it was last brought up (at most ten years of it), at most
 * STEPS_PER_SLICE of them, in one transaction. Returns true once the world is up to the wall clock;
 * `syncedAt` follows the sandbox time actually covered, so a catch-up resumes where it stopped.
 */
export function catchUpSlice(entry: WorldEntry, check: EventCheck | undefined, wall = Date.now()): boolean {
  const behind = Math.min(wall - entry.syncedAt, MAX_CATCH_UP_MS);
  if (behind <= 0) return true;
  const runtime = runtimeOf(entry, check);
  const from = Date.parse(entry.state.now);
  try {
    const { reached } = runtime.transact(() =>
      runUntil(runtime, Math.min(from + behind, LATEST_TIME), STEPS_PER_SLICE),
    );
    entry.syncedAt = reached ? wall : entry.syncedAt + (Date.parse(entry.state.now) - from);
    return reached;
  } catch (error) {
    // A step that fails is reported once, by the request that met it; the world runs on from now.
    entry.syncedAt = wall;
    throw error;
  } finally {
    release(entry);
  }
}
