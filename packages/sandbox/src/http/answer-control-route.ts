import { HttpError } from '../internal/http-error.js';
import type { WebhookConfig } from '../webhooks/webhook-delivery.js';
import type { ControlActions, SandboxWorld } from '../world/sandbox-world.js';
import type { WorldState } from '../world/state/world-state.js';
import type { TriggerOptions } from '../world/trigger-event.js';
import { parseJson } from './read-request.js';

const TRIGGER_FIELDS = ['client_user_id', 'order_id', 'job_id', 'provider'];

/** Prefix of the sandbox's own routes; outside the public API. */
export const CONTROL_PREFIX = '/_sandbox/';

const objectBody = (bytes: Uint8Array): Record<string, unknown> => {
  const value = parseJson(bytes);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new HttpError(422, 'invalid_request', 'The body must be a JSON object.');
  return value as Record<string, unknown>;
};

/** Answers `/_sandbox/…` for one world; see control-openapi.yaml for the contract. */
export async function answerControlRoute(
  method: string,
  route: string,
  bytes: Uint8Array,
  controls: ControlActions & SandboxWorld,
  /** The webhook event names the API documents (templates like `daily.data.<resource>.created` filled). */
  isDocumentedEvent: (name: string) => boolean,
): Promise<{ status: number; body: unknown }> {
  const key = `${method} ${route}`;
  const read = /^GET (orders|appointments|parsing-jobs)(?:\/([^/]+))?$/.exec(key);
  if (read) {
    const [, kind, id] = read as unknown as [string, 'orders' | 'appointments' | 'parsing-jobs', string?];
    if (id === undefined) {
      const list = {
        orders: controls.orders,
        appointments: controls.appointments,
        'parsing-jobs': controls.parsingJobs,
      }[kind]();
      return { status: 200, body: { [kind === 'parsing-jobs' ? 'parsing_jobs' : kind]: list } };
    }
    const one = {
      orders: controls.order,
      appointments: controls.appointment,
      'parsing-jobs': controls.parsingJob,
    }[kind];
    return { status: 200, body: one(decodeURIComponent(id)) };
  }
  const resend = /^POST webhooks\/deliveries\/([^/]+)\/resend$/.exec(key);
  if (resend) return { status: 200, body: controls.resend(decodeURIComponent(resend[1] as string)) };
  const cancel = /^POST orders\/([^/]+)\/(appointment\/)?cancel$/.exec(key);
  if (cancel) {
    const orderId = decodeURIComponent(cancel[1] as string);
    return {
      status: 200,
      body: cancel[2] ? controls.cancelAppointment(orderId) : controls.cancelOrder(orderId),
    };
  }
  switch (key) {
    case 'POST clock/advance': {
      const body = objectBody(bytes);
      const advance =
        'seconds' in body
          ? { seconds: body.seconds as number }
          : 'to' in body
            ? { to: body.to as string }
            : undefined;
      if (!advance || typeof (body.seconds ?? body.to) !== ('seconds' in body ? 'number' : 'string'))
        throw new HttpError(422, 'invalid_request', 'Send { "seconds": n } or { "to": "<date-time>" }.');
      return { status: 200, body: controls.advance(advance) };
    }
    case 'GET clock':
      return { status: 200, body: { now: controls.now(), mode: controls.clock.mode } };
    case 'POST reset':
      controls.reset();
      return { status: 200, body: { now: controls.now() } };
    case 'GET snapshot':
      return { status: 200, body: controls.snapshot() };
    case 'PUT snapshot':
      controls.restore(objectBody(bytes) as unknown as WorldState);
      return { status: 200, body: { now: controls.now() } };
    case 'PUT webhooks': {
      const body = objectBody(bytes);
      try {
        await controls.configureWebhooks(body as unknown as WebhookConfig);
      } catch (error) {
        throw new HttpError(422, 'invalid_request', (error as Error).message);
      }
      return { status: 200, body: { url: body.url } };
    }
    case 'POST webhooks/trigger': {
      const { event_type: eventType, ...options } = objectBody(bytes);
      if (typeof eventType !== 'string' || !isDocumentedEvent(eventType))
        throw new HttpError(
          422,
          'unknown_event_type',
          `event_type must name a webhook event the API documents, with any <resource> filled in (got ${JSON.stringify(eventType)}).`,
        );
      for (const [name, value] of Object.entries(options))
        if (!TRIGGER_FIELDS.includes(name) || typeof value !== 'string')
          throw new HttpError(
            422,
            'invalid_request',
            `${name} is not a trigger option (${TRIGGER_FIELDS.join(', ')}, each a string).`,
          );
      return { status: 200, body: { event: controls.trigger(eventType, options as TriggerOptions) } };
    }
    case 'GET webhooks/deliveries':
      return { status: 200, body: controls.deliveries() };
    default:
      throw new HttpError(
        404,
        'unknown_route',
        `${method} ${CONTROL_PREFIX}${route} is not a sandbox control route.`,
      );
  }
}
