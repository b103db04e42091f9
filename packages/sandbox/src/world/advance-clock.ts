import { HttpError } from '../internal/http-error.js';
import { onAppointmentTimer } from './appointments.js';
import { PROVIDERS } from './catalogue-data.js';
import type { ClockAdvance } from './clock-advance.js';
import { onOrderTimer } from './orders.js';
import { onParsingTimer } from './parsing-jobs.js';
import type { WorldRuntime } from './runtime.js';
import type { Timer } from './world-state.js';

/** The sandbox time an advance leads to; refuses moving backwards or by a non-number. */
export function targetOf(now: string, advance: ClockAdvance): number {
  const from = new Date(now).getTime();
  let target: number;
  if ('seconds' in advance) {
    if (typeof advance.seconds !== 'number' || !Number.isFinite(advance.seconds) || advance.seconds < 0)
      throw new HttpError(422, 'invalid_request', 'seconds must be a number of seconds, 0 or more');
    target = from + advance.seconds * 1000;
  } else {
    target = new Date(advance.to as string).getTime();
    if (Number.isNaN(target)) throw new HttpError(422, 'invalid_request', 'to must be a date-time');
    if (target < from)
      throw new HttpError(422, 'invalid_request', `to must not be before the sandbox's now (${now})`);
  }
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

/**
 * Moves a world's clock, firing every scheduled step due on the way in time order (a step may
 * schedule more). Returns how many fired.
 */
export function advanceClock(runtime: WorldRuntime, advance: ClockAdvance): number {
  const { world } = runtime;
  const target = targetOf(world.now, advance);
  let fired = 0;
  for (;;) {
    const due = world.timers
      .filter((t) => new Date(t.at).getTime() <= target)
      .sort((a, b) => a.at.localeCompare(b.at) || a.seq - b.seq)[0];
    if (!due) break;
    world.timers = world.timers.filter((t) => t !== due);
    if (due.at > world.now) world.now = due.at;
    fire(runtime, due);
    fired++;
  }
  world.now = new Date(target).toISOString();
  return fired;
}
