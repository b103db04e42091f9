import { HttpError } from '../internal/http-error.js';
import type { WebhookConfig } from '../webhooks/webhook-delivery.js';
import type { ClockAdvance } from '../world/clock-advance.js';
import type { WorldState } from '../world/world-state.js';
import { parseJson } from './read-request.js';

/** What the control routes can do to the caller's world. */
export interface WorldControlsApi {
  advance(advance: ClockAdvance): { now: string; fired: number };
  reset(): void;
  snapshot(): WorldState;
  restore(snapshot: WorldState): void;
  configureWebhooks(config: WebhookConfig): Promise<void>;
  deliveries(): { deliveries: unknown[]; dropped: number };
  now(): string;
  cancelAppointment(orderId: string): unknown;
  cancelOrder(orderId: string): unknown;
}

/** Prefix of the sandbox's own routes; outside the public API. */
export const CONTROL_PREFIX = '/_sandbox/';

const objectBody = (bytes: Uint8Array): Record<string, unknown> => {
  const value = parseJson(bytes);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new HttpError(422, 'invalid_request', 'The body must be a JSON object.');
  return value as Record<string, unknown>;
};

/** Answers `/_sandbox/…` for one world; see control-openapi.yaml for the contract. */
export async function controlRoute(
  method: string,
  route: string,
  bytes: Uint8Array,
  controls: WorldControlsApi,
): Promise<{ status: number; body: unknown }> {
  const key = `${method} ${route}`;
  const cancel = /^POST orders\/([^/]+)\/(appointment\/)?cancel$/.exec(key);
  if (cancel) {
    const orderId = cancel[1] as string;
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
      return { status: 200, body: { now: controls.now() } };
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
