import { PROVIDERS, providerSource } from './data/catalogue-data.js';
import { createOrderRecord, orderById, orderRecord } from './lab/orders.js';
import { parsingJobRecord, startParsingJob } from './lab/parsing-jobs.js';
import { invalid, notFound } from './state/refusal.js';
import type { WorldRuntime } from './state/runtime.js';
import type { SandboxEvent, SandboxUser } from './state/world-state.js';
import { DEMO_PROVIDER, resolveUserOf } from './users/users.js';

/** What a triggered event is about; everything is optional and made up when not given. */
export interface TriggerOptions {
  /** The user of a user's event (data events, connections, orders); default a user `trigger-user`. */
  client_user_id?: string;
  /** The order of `labtest.order.updated`; default a new order. */
  order_id?: string;
  /** The job of `lab_report.parsing_job.*`; default a new job. */
  job_id?: string;
  /** The provider of a data or connection event; default `oura`. */
  provider?: string;
}

/** The client user id a triggered event is made for when none is named. */
export const TRIGGER_USER = 'trigger-user';

const DAY_MS = 86_400_000;

function userOf(runtime: WorldRuntime, options: TriggerOptions): SandboxUser {
  return resolveUserOf(runtime, options.client_user_id ?? TRIGGER_USER);
}

/** The last event of the world, which the step before it just emitted. */
const lastEvent = (runtime: WorldRuntime) => runtime.world.events.at(-1) as SandboxEvent;

/**
 * Emits one event of `eventType` now, as `stripe trigger` does: about the named resource, or about
 * one made for it (an order, a parsing job, a user), and delivered like any other event. The caller
 * checks the name is one the API documents; a family the sandbox cannot make is refused with 422.
 */
export function triggerEvent(
  runtime: WorldRuntime,
  eventType: string,
  options: TriggerOptions,
): SandboxEvent {
  return runtime.transact(() => makeEvent(runtime, eventType, options));
}

function makeEvent(runtime: WorldRuntime, eventType: string, options: TriggerOptions): SandboxEvent {
  const { world } = runtime;
  if (eventType === 'labtest.order.updated') {
    if (options.order_id !== undefined) {
      const order = orderById(runtime, options.order_id);
      runtime.emit({
        event_type: eventType,
        user_id: order.user_id,
        client_user_id: world.users[order.user_id]?.client_user_id ?? null,
        data: orderRecord(runtime, order),
      });
    } else {
      const user = userOf(runtime, options);
      createOrderRecord(runtime, { user_id: user.user_id }, undefined); // emits the order's first update
    }
    return lastEvent(runtime);
  }
  if (eventType === 'lab_report.parsing_job.created' || eventType === 'lab_report.parsing_job.updated') {
    const job =
      options.job_id !== undefined
        ? world.parsingJobs[options.job_id]
        : startParsingJob(
            runtime,
            { content_type: 'application/pdf', size: 1024, name: 'trigger.pdf' },
            undefined,
          );
    if (!job) throw notFound(`parsing job ${options.job_id}`);
    if (options.job_id !== undefined || eventType === 'lab_report.parsing_job.updated')
      runtime.emit({
        event_type: eventType,
        user_id: null,
        client_user_id: null,
        data: parsingJobRecord(job),
      });
    return lastEvent(runtime);
  }
  const user = userOf(runtime, options);
  const provider = options.provider ?? DEMO_PROVIDER;
  if (eventType === 'provider.connection.created') {
    runtime.emit({
      event_type: eventType,
      user_id: user.user_id,
      client_user_id: user.client_user_id,
      data: { user_id: user.user_id, provider: providerSource(provider), resource: 'connection' },
    });
    return lastEvent(runtime);
  }
  const source = { provider, type: PROVIDERS[provider]?.type ?? 'unknown' };
  const today = world.now.slice(0, 10);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  if (eventType.startsWith('historical.')) {
    const start = (world.historyFrom ?? user.created_on).slice(0, 10);
    runtime.emit({
      event_type: eventType,
      user_id: user.user_id,
      client_user_id: user.client_user_id,
      data: { user_id: user.user_id, start_date: start, end_date: today, source },
    });
    return lastEvent(runtime);
  }
  if (eventType.startsWith('daily.')) {
    runtime.emit({
      event_type: eventType,
      user_id: user.user_id,
      client_user_id: user.client_user_id,
      data: { user_id: user.user_id, calendar_date: yesterday, source },
    });
    return lastEvent(runtime);
  }
  throw invalid('unsupported_event_type', `The sandbox cannot make a ${eventType} event.`);
}
