// What the console shows of one world, read from the world as the sandbox keeps it: no figure here is
// computed anew, each is the world's own record (users, orders, the delivery log) or its own reading
// (a user's daily summaries, as GET /v2/summary/activity answers them).
import { verifyWebhook, WebhookError } from '@svc/events';
import type { Lifecycle } from '../machines/lifecycles.js';
import type { WorldEntry } from '../world/state/runtime.js';
import { connectedSources, summariesOfDays } from '../world/users/readings.js';
import type { ClockMode } from '../world/world-registry.js';

const DAY_MS = 86_400_000;
/** Most days a chart asks for: a quarter, enough to see a trend, small enough to draw at once. */
export const MAX_CHART_DAYS = 90;

/** A world as the console lists it: the fingerprint of its key, never the key. */
export function worldSummary(world: string, entry: WorldEntry) {
  const { state } = entry;
  return {
    world,
    now: state.now,
    users: Object.keys(state.users).length,
    orders: Object.keys(state.orders).length,
    deliveries: entry.dispatcher.deliveries.length,
  };
}

/** Everything of a world the console draws at once: clock, users, lab resources with their lifecycle state. */
export function worldView(world: string, entry: WorldEntry, clock: ClockMode) {
  const { state } = entry;
  const clientIdOf = (userId: string) => state.users[userId]?.client_user_id ?? null;
  return {
    world,
    now: state.now,
    clock,
    receiver: entry.dispatcher.config ? { url: entry.dispatcher.config.url } : null,
    users: Object.values(state.users).map((user) => ({
      user_id: user.user_id,
      client_user_id: user.client_user_id,
      scenario: user.scenario,
      providers: user.connected_sources.map((c) => c.source.slug),
    })),
    orders: Object.values(state.orders).map((order) => ({
      id: order.id,
      lifecycle: 'order' satisfies Lifecycle,
      state: order.state,
      status: order.events.at(-1)?.status ?? null,
      client_user_id: clientIdOf(order.user_id),
      scenario: order.scenario,
      updated_at: order.updated_at,
    })),
    appointments: Object.values(state.appointments).map((appointment) => ({
      id: appointment.id,
      lifecycle: (appointment.kind === 'phlebotomy'
        ? 'phlebotomyAppointment'
        : 'pscAppointment') satisfies Lifecycle,
      state: appointment.state,
      order_id: appointment.order_id,
      client_user_id: clientIdOf(appointment.user_id),
      start_at: appointment.start_at,
    })),
    parsing_jobs: Object.values(state.parsingJobs).map((job) => ({
      id: job.id,
      lifecycle: 'parsingJob' satisfies Lifecycle,
      state: job.state,
      scenario: job.scenario,
      updated_at: job.updated_at,
    })),
  };
}

/**
 * A user's daily activity and sleep by local day (`calendar_date`, the day the provider reports it
 * for), the last `days` days up to the world's now, one series per provider: the same records as
 * GET /v2/summary/activity and /v2/summary/sleep answer.
 */
export function userDays(entry: WorldEntry, userId: string, days: number) {
  const world = entry.state;
  const sources = connectedSources(world, userId);
  const today = Math.floor(Date.parse(world.now) / DAY_MS) * DAY_MS;
  const range = { first: today - days * DAY_MS, last: today };
  const dates = Array.from({ length: days + 1 }, (_, i) =>
    new Date(range.first + i * DAY_MS).toISOString().slice(0, 10),
  );
  const series = (kind: 'activity' | 'sleep', field: string, scale: number) => {
    const records = summariesOfDays(world, kind, sources, range) as Array<Record<string, unknown>>;
    return sources.sources.map(({ provider }) => {
      const byDate = new Map<string, number>();
      for (const record of records)
        if ((record.source as { provider: string }).provider === provider)
          byDate.set(String(record.calendar_date), Number(record[field]) / scale);
      return { provider, values: dates.map((date) => byDate.get(date) ?? null) };
    });
  };
  return {
    user_id: userId,
    client_user_id: sources.user.client_user_id,
    dates,
    steps: series('activity', 'steps', 1),
    sleep_hours: series('sleep', 'duration', 3600),
  };
}

/** The result of checking a delivery's signature the way a receiver does (`verifyWebhook` of @svc/events). */
export type SignatureCheck = { valid: true } | { valid: false; code: string; message: string };

/**
 * The delivery log, newest first: each attempt with the payload it sent, its signature checked with
 * the world's current secret at the attempt's own time, and the receiver's answer.
 */
export async function deliveriesView(entry: WorldEntry) {
  const { dispatcher } = entry;
  const secret = dispatcher.config?.secret;
  const attempts = [...dispatcher.deliveries].reverse();
  return Promise.all(
    attempts.map(async (delivery) => {
      const sent = dispatcher.sent(delivery);
      let signature: SignatureCheck | null = null;
      if (sent && secret) {
        try {
          await verifyWebhook(sent.body, sent.headers, {
            secret,
            now: () => Date.parse(delivery.attempted_at),
          });
          signature = { valid: true };
        } catch (error) {
          if (!(error instanceof WebhookError)) throw error;
          signature = { valid: false, code: error.code, message: error.message };
        }
      }
      return {
        ...delivery,
        webhook_id: sent?.headers['webhook-id'] ?? null,
        payload: sent ? (JSON.parse(sent.body) as unknown) : null,
        signature,
      };
    }),
  );
}
