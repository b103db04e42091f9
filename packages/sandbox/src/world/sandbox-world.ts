import type { WebhookConfig, WebhookDelivery } from '../webhooks/webhook-delivery.js';
import { checkWebhookConfig } from '../webhooks/webhook-dispatcher.js';
import { advanceClock, type ClockAdvance } from './clock/advance.js';
import { cancelAppointment, cancelOrder, getAppointment, listAppointments } from './lab/appointments.js';
import { getOrder, listOrders } from './lab/orders.js';
import { getParsingJob, listParsingJobs } from './lab/parsing-jobs.js';
import { invalid, Refusal } from './state/refusal.js';
import { release, type WorldEntry } from './state/runtime.js';
import { checkWorldState } from './state/state-schema.js';
import type { SandboxEvent, WorldState } from './state/world-state.js';
import { type TriggerOptions, triggerEvent } from './trigger-event.js';
import type { ClockMode, WorldRegistry } from './world-registry.js';

export interface SandboxClock {
  /** `real`: time moves with the wall clock (and `advance` jumps ahead); `frozen`: only `advance` moves it. */
  readonly mode: ClockMode;
  now(): Date;
  /**
   * Moves sandbox time forward (at most ten years, never past 9999-12-31) and runs everything due on
   * the way; returns how many steps ran. An advance that would run more than 10,000 steps is refused
   * with the world unchanged: advance in shorter moves.
   */
  advance(advance: ClockAdvance): number;
}

export interface SandboxWebhooks {
  configure(config: WebhookConfig): Promise<void>;
  /** The newest 1,000 delivery attempts, in order. */
  deliveries(): WebhookDelivery[];
  /** The newest 1,000 events the world emitted, delivered or not: readable without HTTP. */
  events(): SandboxEvent[];
  /** How many older events and delivery attempts were dropped to keep each log at 1,000. */
  dropped(): { events: number; deliveries: number };
  /** Resolves when every delivery under way has finished (delivered or out of attempts). */
  flush(): Promise<void>;
}

/** The controls of one world (one API key). */
export interface SandboxWorld {
  clock: SandboxClock;
  webhooks: SandboxWebhooks;
  /** Back to the world a fresh key gets: the same seed gives the same world again. */
  reset(): void;
  /** The world as plain JSON (webhook secrets are not part of it). */
  snapshot(): WorldState;
  restore(snapshot: WorldState): void;
}

/** What the control routes can do to the caller's world. */
export interface ControlActions {
  advance(advance: ClockAdvance): { now: string; fired: number };
  reset(): void;
  snapshot(): WorldState;
  restore(snapshot: WorldState): void;
  configureWebhooks(config: WebhookConfig): Promise<void>;
  deliveries(): { deliveries: unknown[]; dropped: number };
  now(): string;
  cancelAppointment(orderId: string): unknown;
  cancelOrder(orderId: string): unknown;
  orders(): unknown[];
  order(orderId: string): unknown;
  appointments(): unknown[];
  appointment(appointmentId: string): unknown;
  parsingJobs(): unknown[];
  parsingJob(jobId: string): unknown;
  /** Queues one more delivery of an event the world emitted; sent once the request's change is kept. */
  resend(eventId: string): { event_id: string };
  /** Emits one event of a documented type now (the caller checks it is documented). */
  trigger(eventType: string, options: TriggerOptions): SandboxEvent;
}

/** The controls of the world named `name`: the public `SandboxWorld` and what the control routes call. */
export function sandboxWorld(
  registry: WorldRegistry,
  name: string,
  /** In process, every look at the world first brings a real clock up to the wall clock; a request does that once, in its turn. */
  { inRequest = false } = {},
): SandboxWorld & ControlActions {
  const entry = () => {
    const found = registry.entry(name);
    if (!inRequest) registry.syncNow(found);
    return found;
  };
  const runtime = () => registry.runtime(entry());
  const controls: SandboxWorld & ControlActions = {
    clock: {
      mode: registry.clock,
      now: () => new Date(entry().state.now),
      advance: (advance) => {
        const fired = advanceClock(runtime(), advance);
        release(entry());
        return fired;
      },
    },
    webhooks: {
      async configure(config) {
        await checkWebhookConfig(config);
        entry().dispatcher.config = { url: config.url, secret: config.secret };
      },
      deliveries: () => [...entry().dispatcher.deliveries],
      events: () => structuredClone(entry().state.events),
      dropped: () => ({
        events: entry().state.droppedEvents ?? 0,
        deliveries: entry().dispatcher.droppedDeliveries,
      }),
      flush: () => entry().dispatcher.flush(),
    },
    reset() {
      registry.replace(entry(), registry.fresh(name));
    },
    snapshot: () => structuredClone(entry().state),
    restore(snapshot) {
      checkWorldState(snapshot);
      registry.replace(entry(), structuredClone(snapshot));
    },
    advance: (advance) => {
      // Within a request: its events are released when the request's change is kept.
      const fired = advanceClock(runtime(), advance);
      return { now: entry().state.now, fired };
    },
    configureWebhooks: (config) => controls.webhooks.configure(config),
    deliveries: () => ({
      deliveries: controls.webhooks.deliveries(),
      dropped: entry().dispatcher.droppedDeliveries,
    }),
    now: () => entry().state.now,
    cancelAppointment: (orderId) => cancelAppointment(runtime(), orderId),
    cancelOrder: (orderId) => cancelOrder(runtime(), orderId),
    orders: () => listOrders(runtime()),
    order: (orderId) => getOrder(runtime(), orderId),
    appointments: () => listAppointments(runtime()),
    appointment: (appointmentId) => getAppointment(runtime(), appointmentId),
    parsingJobs: () => listParsingJobs(runtime()),
    parsingJob: (jobId) => getParsingJob(runtime(), jobId),
    trigger: (eventType, options) => triggerEvent(runtime(), eventType, options),
    resend: (eventId) => resendEvent(entry(), eventId),
  };
  return controls;
}

/** Queues one more delivery of an event the world emitted, to the receiver configured now. */
function resendEvent(entry: WorldEntry, eventId: string): { event_id: string } {
  const event = entry.state.events.find((e) => e.id === eventId);
  if (!event)
    throw new Refusal('not_found', 'not_found', `No event ${eventId} among the world's newest events.`);
  if (!entry.dispatcher.config)
    throw invalid(
      'invalid_request',
      'The world has no webhook receiver: configure one (PUT /_sandbox/webhooks) first.',
    );
  // Through the outbox: delivered once the request's change is kept, like an event just emitted.
  entry.outbox.push(event);
  return { event_id: event.id };
}
