import { describeEvent, templateOf } from './catalogue.js';
import { WebhookPayloadError } from './errors.js';
import { splitEventName } from './event-name.js';
import type { UnknownWebhookEvent, WebhookEvent } from './event-types.js';
import { checkBodySize } from './internal/bytes.js';
import { DEFAULT_MAX_BODY_BYTES, type RawBody } from './raw-body.js';

/**
 * The payload field that carries the event name. If the service uses another field, change it per call
 * with `eventTypeField`.
 */
export const DEFAULT_EVENT_TYPE_FIELD = 'event_type';

export interface ParseEventOptions {
  /** Payload field holding the event name. Default {@link DEFAULT_EVENT_TYPE_FIELD} (`event_type`). */
  eventTypeField?: string;
  /** Bodies larger than this are refused with `WebhookBodyTooLargeError`. Default 5 MiB. */
  maxBodyBytes?: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function bodyText(rawBody: RawBody, maxBytes: number): string {
  checkBodySize(rawBody, maxBytes);
  if (typeof rawBody === 'string') return rawBody;
  try {
    return decoder.decode(rawBody);
  } catch (cause) {
    throw new WebhookPayloadError('encoding', 'webhook body is not UTF-8 text', { cause });
  }
}

/**
 * Parses a webhook body into a {@link WebhookEvent}, discriminated by `type` (the event name). Names the
 * catalogue does not know take the `unknown` branch instead of throwing. Throws `WebhookPayloadError` when
 * the body is not a JSON object with a string event name, and `WebhookBodyTooLargeError` past the limit.
 *
 * This does not check the signature: use `unwrap` on anything that came over the network.
 */
export function parseEvent(rawBody: RawBody, options: ParseEventOptions = {}): WebhookEvent {
  const field = options.eventTypeField ?? DEFAULT_EVENT_TYPE_FIELD;
  const text = bodyText(rawBody, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (cause) {
    throw new WebhookPayloadError('json', 'webhook body is not valid JSON', { cause });
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new WebhookPayloadError('not_object', 'webhook body is JSON but not an object');
  }
  const name: unknown = Object.hasOwn(payload, field)
    ? (payload as Record<string, unknown>)[field]
    : undefined;
  if (typeof name !== 'string' || name === '') {
    throw new WebhookPayloadError(
      'event_type',
      `webhook body has no event name in the "${field}" field (set \`eventTypeField\` if the service uses another)`,
    );
  }

  const known = describeEvent(name);
  if (known) {
    const { key: _key, ...fields } = known;
    return { type: known.name, ...fields, payload } as WebhookEvent;
  }
  const unknown: UnknownWebhookEvent = {
    type: 'unknown',
    name,
    ...splitEventName(name),
    template: templateOf(name)?.key ?? null,
    deprecated: false,
    replacedBy: null,
    inferredName: false,
    payload: payload as UnknownWebhookEvent['payload'],
  };
  return unknown;
}
