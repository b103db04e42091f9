import { describeEvent } from './catalogue.js';
import type { KnownWebhookEvent, WebhookEvent, WebhookEventName, WebhookEventOf } from './event-types.js';

/** A deprecated catalogue event: the hypnogram timeseries events, replaced by the sleep_cycle events. */
export type DeprecatedWebhookEvent = Extract<KnownWebhookEvent, { deprecated: true }>;

/** True for events the service retires; `event.replacedBy` names the event to handle instead. */
export const isDeprecatedEvent = (event: WebhookEvent): event is DeprecatedWebhookEvent => event.deprecated;

/** The event that replaces a deprecated one (`daily.timeseries.hypnogram.created` → `daily.data.sleep_cycle.created`). */
export function replacementOf(name: string): WebhookEventName | undefined {
  return describeEvent(name)?.replacedBy ?? undefined;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The provider of `provider.connection.created`, read from `provider` (never the former `source`).
 * Its shape is open (a slug, or an object with a `slug`), so it is returned as sent.
 */
export const connectedProvider = (event: WebhookEventOf<'provider.connection.created'>): unknown =>
  field(event.payload.data, 'provider');

/**
 * The provider slug of an event, the one provider identifier the service keeps:
 * `$.data.source.provider` of data and timeseries events, `$.data.provider` of `provider.connection.created`
 * (the string itself, or its `slug` when it is an object). Never reads the deprecated `source.slug`,
 * `source.name` or `source.logo`. `undefined` when the event carries none.
 */
export function providerSlug(event: WebhookEvent): string | undefined {
  const data = field(event.payload, 'data');
  if (event.type === 'provider.connection.created') {
    const provider = field(data, 'provider');
    return nonEmpty(provider) ?? nonEmpty(field(provider, 'slug'));
  }
  return nonEmpty(field(field(data, 'source'), 'provider'));
}
