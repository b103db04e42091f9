import { parseIsoTime } from '../../internal/parse-iso-time.js';
import { invalid } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import { earliest, fire } from './timers.js';

/** How far the clock may move: `seconds` forward, or `to` a later time. */
export type ClockAdvance = { seconds: number } | { to: string | Date };

/** The longest single advance: ten years of sandbox time. Move further in several calls. */
export const MAX_ADVANCE_SECONDS = 3_650 * 86_400;
/** The most scheduled steps one advance may run; past it the advance is refused and nothing changes. */
export const MAX_STEPS_PER_ADVANCE = 10_000;
/** The latest sandbox time: the end of year 9999, the last written with four digits in ISO 8601. */
export const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** The sandbox time an advance leads to; refuses moving backwards, by a non-number, or out of range. */
export function advanceTarget(now: string, advance: ClockAdvance): number {
  const from = new Date(now).getTime();
  const latest = Math.min(from + MAX_ADVANCE_SECONDS * 1000, LATEST_TIME);
  const range = `from ${now} to ${new Date(latest).toISOString()}`;
  let target: number;
  if ('seconds' in advance) {
    const { seconds } = advance;
    if (
      typeof seconds !== 'number' ||
      !Number.isFinite(seconds) ||
      seconds < 0 ||
      seconds > MAX_ADVANCE_SECONDS
    )
      throw invalid(
        'invalid_request',
        `seconds must be a number from 0 to ${MAX_ADVANCE_SECONDS} (ten years); advance further in several calls`,
      );
    target = from + seconds * 1000;
  } else {
    const to = advance.to instanceof Date ? advance.to.getTime() : parseIsoTime(String(advance.to));
    target = to ?? Number.NaN;
    if (Number.isNaN(target) || target < from || target > latest)
      throw invalid('invalid_request', `to must be a date-time ${range}`);
  }
  if (target > latest) throw invalid('invalid_request', `the clock can move ${range} in one advance`);
  return target;
}

/** How many scheduled steps a run fired, and whether it reached its target time. */
export interface StepsRun {
  fired: number;
  reached: boolean;
}

/**
 * Fires the steps due up to `target` (a time value) in time order, at most `limit` of them (a step may
 * schedule more, as the daily data timer does), and moves the clock: to `target` when every step due
 * ran (`reached`), else to the time of the last step that ran. Call it inside a transaction.
 */
export function runUntil(runtime: WorldRuntime, target: number, limit: number): StepsRun {
  let fired = 0;
  for (;;) {
    const { world } = runtime;
    const due = earliest(world.timers);
    if (!due || Date.parse(due.at) > target) break;
    if (fired === limit) return { fired, reached: false };
    world.timers = world.timers.filter((t) => t !== due);
    if (Date.parse(due.at) > Date.parse(world.now)) world.now = due.at;
    fire(runtime, due);
    fired++;
  }
  runtime.world.now = new Date(target).toISOString();
  return { fired, reached: true };
}

/**
 * Moves a world's clock, firing every scheduled step due on the way in time order. Returns how many
 * fired. An advance that would run more than MAX_STEPS_PER_ADVANCE steps is refused with the world
 * left as it was, so no single call can hold the process (and every other world) for long.
 */
export function advanceClock(runtime: WorldRuntime, advance: ClockAdvance): number {
  const target = advanceTarget(runtime.world.now, advance);
  return runtime.transact(() => {
    const { fired, reached } = runUntil(runtime, target, MAX_STEPS_PER_ADVANCE);
    if (!reached)
      throw invalid(
        'advance_too_long',
        `This advance would run more than ${MAX_STEPS_PER_ADVANCE} scheduled steps; advance in shorter moves.`,
      );
    return fired;
  });
}
