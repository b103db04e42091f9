import type { operations, paths } from './generated/control-api.js';

type OperationId = keyof operations;
/** The JSON body an operation of the control API takes. */
type Body<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
/** The JSON answer of an operation of the control API on success. */
type Ok<Id extends OperationId> = operations[Id]['responses'] extends {
  200: { content: { 'application/json': infer R } };
}
  ? R
  : never;

/**
 * Every operation of the control API (control-openapi.yaml) by operationId, with its method and path.
 * `satisfies` makes an operation added to the document a compile error here until it is mapped; a
 * test checks each method and path against the document.
 */
export const CONTROL_ROUTES = {
  getClock: ['GET', '/_sandbox/clock'],
  advanceClock: ['POST', '/_sandbox/clock/advance'],
  resetWorld: ['POST', '/_sandbox/reset'],
  getSnapshot: ['GET', '/_sandbox/snapshot'],
  restoreSnapshot: ['PUT', '/_sandbox/snapshot'],
  configureWebhooks: ['PUT', '/_sandbox/webhooks'],
  listWebhookDeliveries: ['GET', '/_sandbox/webhooks/deliveries'],
  resendWebhook: ['POST', '/_sandbox/webhooks/deliveries/{event_id}/resend'],
  triggerWebhook: ['POST', '/_sandbox/webhooks/trigger'],
  listOrders: ['GET', '/_sandbox/orders'],
  getOrder: ['GET', '/_sandbox/orders/{order_id}'],
  listAppointments: ['GET', '/_sandbox/appointments'],
  getAppointment: ['GET', '/_sandbox/appointments/{appointment_id}'],
  listParsingJobs: ['GET', '/_sandbox/parsing-jobs'],
  getParsingJob: ['GET', '/_sandbox/parsing-jobs/{job_id}'],
  cancelAppointment: ['POST', '/_sandbox/orders/{order_id}/appointment/cancel'],
  cancelOrder: ['POST', '/_sandbox/orders/{order_id}/cancel'],
} as const satisfies Record<OperationId, readonly ['GET' | 'POST' | 'PUT', keyof paths]>;

export type SandboxOrderRecord = Ok<'getOrder'>;
export type SandboxAppointmentRecord = Ok<'getAppointment'>;
export type SandboxParsingJobRecord = Ok<'getParsingJob'>;
export type SandboxEventRecord = Ok<'triggerWebhook'>['event'];
export type TriggerOptions = Omit<Body<'triggerWebhook'>, 'event_type'>;

/** The sandbox's controls, typed from its control API: the same surface in process and over HTTP. */
export interface SandboxControls {
  clock: {
    /** The world's time, and whether it moves with the wall clock (`real`) or only when advanced (`frozen`). */
    get(): Promise<Ok<'getClock'>>;
    /** Moves the world's clock forward by `seconds` or `to` a time, running every step due on the way. */
    advance(by: Body<'advanceClock'>): Promise<Ok<'advanceClock'>>;
  };
  webhooks: {
    /** Registers the world's receiver: every event from now on is signed with `secret` and POSTed to `url`. */
    configure(config: Body<'configureWebhooks'>): Promise<Ok<'configureWebhooks'>>;
    /** Every delivery attempt, oldest first. */
    deliveries(): Promise<Ok<'listWebhookDeliveries'>['deliveries']>;
    /** Queues one more delivery of an event the world emitted, with the same `webhook-id`. */
    resend(eventId: string): Promise<Ok<'resendWebhook'>>;
  };
  /**
   * Emits one event of any webhook the API documents (`daily.data.steps.created`, `labtest.order.updated`,
   * …) now, about the resource named in `options` or one made for it, as `stripe trigger` does.
   */
  trigger(eventType: string, options?: TriggerOptions): Promise<SandboxEventRecord>;
  /** Back to the world a fresh key gets. */
  reset(): Promise<Ok<'resetWorld'>>;
  snapshot(): Promise<Ok<'getSnapshot'>>;
  /** Gives back a snapshot taken with `snapshot()`: the sandbox checks it whole before the world is replaced. */
  restore(snapshot: Ok<'getSnapshot'>): Promise<Ok<'restoreSnapshot'>>;
  orders: {
    list(): Promise<SandboxOrderRecord[]>;
    get(orderId: string): Promise<SandboxOrderRecord>;
    /** Cancels an order that has no sample drawn yet, and its active appointment with it. */
    cancel(orderId: string): Promise<Ok<'cancelOrder'>>;
    /** Cancels the order's active appointment; the order waits for a new one. */
    cancelAppointment(orderId: string): Promise<Ok<'cancelAppointment'>>;
  };
  appointments: {
    list(): Promise<SandboxAppointmentRecord[]>;
    get(appointmentId: string): Promise<SandboxAppointmentRecord>;
  };
  parsingJobs: {
    list(): Promise<SandboxParsingJobRecord[]>;
    get(jobId: string): Promise<SandboxParsingJobRecord>;
  };
}

export interface SandboxControlsOptions {
  /** Where the sandbox answers, e.g. `http://127.0.0.1:4011`. */
  baseUrl: string;
  /** The key of the world to drive (any non-empty value; each key is its own world). */
  apiKey: string;
  /** The fetch to send with; default the global one (in process: `sandbox.fetch`). */
  fetch?: (request: Request) => Promise<Response>;
  /** The header that carries the key. Default `x-svc-api-key`. */
  apiKeyHeader?: string;
}

/** A control call the sandbox refused: its status and the error body's machine-readable `code`. */
export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly violations?: unknown[],
  ) {
    super(message);
    this.name = 'SandboxControlError';
  }
}

/**
 * The typed controls of one world of a sandbox over HTTP (`svc-sandbox`, or `sandbox.fetch` in process):
 * clock, webhooks and `trigger`, reset, snapshot and restore, cancels, and reads of orders,
 * appointments and parsing jobs.
 */
export function sandboxControls(options: SandboxControlsOptions): SandboxControls {
  const { baseUrl, apiKey } = options ?? ({} as SandboxControlsOptions);
  if (typeof baseUrl !== 'string' || !/^https?:\/\//.test(baseUrl) || !URL.canParse(baseUrl))
    throw new TypeError('baseUrl must be an absolute http(s) URL, e.g. http://127.0.0.1:4011');
  if (typeof apiKey !== 'string' || apiKey.trim() === '')
    throw new TypeError('apiKey must be a non-empty string (any value works in the sandbox)');
  const base = baseUrl.replace(/\/$/, '');
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const header = options.apiKeyHeader ?? 'x-svc-api-key';

  async function call<Id extends OperationId>(
    id: Id,
    params: Record<string, string> = {},
    body?: unknown,
  ): Promise<Ok<Id>> {
    const [method, template] = CONTROL_ROUTES[id];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (typeof value !== 'string' || value === '')
        throw new TypeError(`${name} must be a non-empty string`);
      return encodeURIComponent(value);
    });
    const response = await send(
      new Request(`${base}${path}`, {
        method,
        headers: { [header]: apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: unknown; message?: unknown; violations?: unknown[] } })
        ?.error;
      throw new SandboxControlError(
        response.status,
        typeof error?.code === 'string' ? error.code : 'unknown_error',
        `${method} ${path} answered ${response.status}: ${typeof error?.message === 'string' ? error.message : text.slice(0, 200)}`,
        error?.violations,
      );
    }
    return parsed as Ok<Id>;
  }

  return {
    clock: {
      get: () => call('getClock'),
      advance: (by) => call('advanceClock', {}, by),
    },
    webhooks: {
      configure: (config) => call('configureWebhooks', {}, config),
      deliveries: async () => (await call('listWebhookDeliveries')).deliveries,
      resend: (eventId) => call('resendWebhook', { event_id: eventId }),
    },
    trigger: async (eventType, triggerOptions = {}) =>
      (await call('triggerWebhook', {}, { ...triggerOptions, event_type: eventType })).event,
    reset: () => call('resetWorld'),
    snapshot: () => call('getSnapshot'),
    restore: (snapshot) => call('restoreSnapshot', {}, snapshot),
    orders: {
      list: async () => (await call('listOrders')).orders,
      get: (orderId) => call('getOrder', { order_id: orderId }),
      cancel: (orderId) => call('cancelOrder', { order_id: orderId }),
      cancelAppointment: (orderId) => call('cancelAppointment', { order_id: orderId }),
    },
    appointments: {
      list: async () => (await call('listAppointments')).appointments,
      get: (appointmentId) => call('getAppointment', { appointment_id: appointmentId }),
    },
    parsingJobs: {
      list: async () => (await call('listParsingJobs')).parsing_jobs,
      get: (jobId) => call('getParsingJob', { job_id: jobId }),
    },
  };
}
