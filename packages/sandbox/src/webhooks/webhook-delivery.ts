import type { components } from '../generated/control-api.js';

/** Where a world's webhooks go and the `whsec_` secret they are signed with. */
export type WebhookConfig = components['schemas']['WebhookConfig'];

/** One delivery attempt of one event. */
export type WebhookDelivery = components['schemas']['Delivery'];
