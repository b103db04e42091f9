import { HttpError } from '../../internal/http-error.js';
import type { WorldState } from '../../world/state/world-state.js';
import type { ControlHandler, ControlOperationId } from './control-context.js';

const ok = (body: unknown) => ({ status: 200, body });

/**
 * Every operation of the control API by operationId: the one table the pipeline answers `/_sandbox/…`
 * from, once the control document's index has matched the route and its validator checked the
 * request. A mapped type over the generated operations: an operation added to control-openapi.yaml
 * does not compile until it has a handler here.
 */
export const controlHandlers: { readonly [Id in ControlOperationId]: ControlHandler<Id> } = {
  getClock: ({ controls }) => ok({ now: controls.now(), mode: controls.clock.mode }),
  advanceClock: ({ controls, body }) =>
    ok(controls.advance('seconds' in body ? { seconds: body.seconds } : { to: body.to })),
  resetWorld: ({ controls }) => {
    controls.reset();
    return ok({ now: controls.now() });
  },
  getSnapshot: ({ controls }) => ok(controls.snapshot()),
  restoreSnapshot: ({ controls, body }) => {
    // The world checks a snapshot whole against its own record of a world, naming the first path that breaks it.
    controls.restore(body as unknown as WorldState);
    return ok({ now: controls.now() });
  },
  configureWebhooks: async ({ controls, body }) => {
    try {
      await controls.configureWebhooks(body);
    } catch (error) {
      throw new HttpError(422, 'invalid_request', (error as Error).message);
    }
    return ok({ url: body.url });
  },
  listWebhookDeliveries: ({ controls }) => ok(controls.deliveries()),
  resendWebhook: ({ controls, path }) => ok(controls.resend(path.event_id)),
  triggerWebhook: ({ controls, body, isDocumentedEvent }) => {
    const { event_type: eventType, ...options } = body;
    if (!isDocumentedEvent(eventType))
      throw new HttpError(
        422,
        'unknown_event_type',
        `event_type must name a webhook event the API documents, with any <resource> filled in (got ${JSON.stringify(eventType)}).`,
      );
    return ok({ event: controls.trigger(eventType, options) });
  },
  listOrders: ({ controls }) => ok({ orders: controls.orders() }),
  getOrder: ({ controls, path }) => ok(controls.order(path.order_id)),
  listAppointments: ({ controls }) => ok({ appointments: controls.appointments() }),
  getAppointment: ({ controls, path }) => ok(controls.appointment(path.appointment_id)),
  listParsingJobs: ({ controls }) => ok({ parsing_jobs: controls.parsingJobs() }),
  getParsingJob: ({ controls, path }) => ok(controls.parsingJob(path.job_id)),
  cancelAppointment: ({ controls, path }) => ok(controls.cancelAppointment(path.order_id)),
  cancelOrder: ({ controls, path }) => ok(controls.cancelOrder(path.order_id)),
};
