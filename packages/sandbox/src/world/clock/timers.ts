import { PROVIDERS } from '../data/catalogue-data.js';
import { onAppointmentTimer } from '../lab/appointments.js';
import { onOrderTimer } from '../lab/orders.js';
import { onParsingTimer } from '../lab/parsing-jobs.js';
import type { WorldRuntime } from '../state/runtime.js';
import type { Timer } from '../state/world-state.js';

/** What the clock does when it reaches a timer: the resource's next step, or a day of data. */
export function fire(runtime: WorldRuntime, timer: Timer): void {
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
export function earliest(timers: readonly Timer[]): Timer | undefined {
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
