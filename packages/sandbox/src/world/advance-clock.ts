import { HttpError } from '../internal/http-error.js';
import { onAppointmentTimer } from './appointments.js';
import { PROVIDERS } from './catalogue-data.js';
import type { ClockAdvance } from './clock-advance.js';
import { onOrderTimer } from './orders.js';
import { onParsingTimer } from './parsing-jobs.js';
import type { WorldRuntime } from './runtime.js';
import type { Timer } from './world-state.js';

/** The longest single advance: ten years of sandbox time. Move further in several calls. */
export const MAX_ADVANCE_SECONDS = 3_650 * 86_400;
/** The most scheduled steps one advance may run; past it the advance is refused and nothing changes. */
export const MAX_STEPS_PER_ADVANCE = 10_000;
/** The latest sandbox time: the end of year 9999, the last written with four digits in ISO 8601. */
export const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** The sandbox time an advance leads to; refuses moving backwards, by a non-number, or out of range. */
export function targetOf(now: string, advance: ClockAdvance): number {
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
      throw new HttpError(
        422,
        'invalid_request',
        `seconds must be a number from 0 to ${MAX_ADVANCE_SECONDS} (ten years); advance further in several calls`,
      );
    target = from + seconds * 1000;
  } else {
    target = new Date(advance.to as string).getTime();
    if (Number.isNaN(target) || target < from || target > latest)
      throw new HttpError(422, 'invalid_request', `to must be a date-time ${range}`);
  }
  if (target > latest)
    throw new HttpError(422, 'invalid_request', `the clock can move ${range} in one advance`);
  return target;
}

function fire(runtime: WorldRuntime, timer: Timer): void {
  const { world } = runtime;
  switch (timer.kind) {
    case 'order': {
      const order = world.orders[timer.id];
      if (order) onOrderTimer(runtime, order, timer.event);
      return;
    }
    case 'phlebotomy':
    case 'psc': {
      const appointment = world.appointments[timer.id];
      if (appointment) onAppointmentTimer(runtime, appointment, timer.event);
      return;
    }
    case 'parsing': {
      const job = world.parsingJobs[timer.id];
      if (job) onParsingTimer(runtime, job, timer.event);
      return;
    }
    case 'data': {
      const user = world.users[timer.id];
      if (!user?.connected_sources.some((c) => c.source.slug === timer.event)) return;
      // Data of a new connection arrives: the historical pull of steps is done.
      runtime.emit({
        event_type: 'historical.data.steps.created',
        user_id: user.user_id,
        client_user_id: user.client_user_id,
        data: {
          user_id: user.user_id,
          start_date: (world.historyFrom ?? user.created_on).slice(0, 10),
          end_date: world.now.slice(0, 10),
          source: { provider: timer.event, type: PROVIDERS[timer.event]?.type ?? 'unknown' },
        },
      });
      return;
    }
    case 'daily': {
      const user = world.users[timer.id];
      if (!user) return;
      // A day of data arrives from every connected provider at midnight UTC; the next day is scheduled.
      const day = new Date(new Date(world.now).getTime() - 86_400_000).toISOString().slice(0, 10);
      for (const { source } of user.connected_sources) {
        runtime.emit({
          event_type: 'daily.data.steps.created',
          user_id: user.user_id,
          client_user_id: user.client_user_id,
          data: {
            user_id: user.user_id,
            calendar_date: day,
            source: { provider: source.slug, type: PROVIDERS[source.slug]?.type ?? 'unknown' },
          },
        });
      }
      runtime.schedule({ at: 86_400, kind: 'daily', id: user.user_id, event: 'DAY_ENDED' });
      return;
    }
  }
}

/** The earliest timer (then the first scheduled), by time value: ISO strings compare only within four-digit years. */
function earliest(timers: readonly Timer[]): Timer | undefined {
  let first: Timer | undefined;
  let firstAt = Number.POSITIVE_INFINITY;
  for (const timer of timers) {
    const at = Date.parse(timer.at);
    if (at < firstAt || (at === firstAt && first !== undefined && timer.seq < first.seq)) {
      first = timer;
      firstAt = at;
    }
  }
  return first;
}

/**
 * Fires the steps due up to `target` (a time value) in time order, at most `limit` of them (a step may
 * schedule more, as the daily data timer does), and moves the clock: to `target` when every step due
 * ran (`reached`), else to the time of the last step that ran. Call it inside a transaction.
 */
export function runUntil(
  runtime: WorldRuntime,
  target: number,
  limit: number,
): { fired: number; reached: boolean } {
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
  const target = targetOf(runtime.world.now, advance);
  return runtime.transact(() => {
    const { fired, reached } = runUntil(runtime, target, MAX_STEPS_PER_ADVANCE);
    if (!reached)
      throw new HttpError(
        422,
        'advance_too_long',
        `This advance would run more than ${MAX_STEPS_PER_ADVANCE} scheduled steps; advance in shorter moves.`,
      );
    return fired;
  });
}
