export {
  describeEvent,
  type EventDescriptor,
  eventCatalogue,
  listEventNames,
  supportedResources,
} from './catalogue.js';
export {
  redact,
  WebhookBodyTooLargeError,
  WebhookError,
  type WebhookErrorCode,
  WebhookHeaderError,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
} from './errors.js';
export { type EventNameParts, splitEventName } from './event-name.js';
export type {
  CatalogueEvent,
  CatalogueKey,
  EventPayloads,
  KnownWebhookEvent,
  PayloadOf,
  SupportedResource,
  TemplateKey,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventName,
  WebhookEventOf,
} from './event-types.js';
export {
  connectedProvider,
  type DeprecatedWebhookEvent,
  isDeprecatedEvent,
  providerSlug,
  replacementOf,
} from './migrations.js';
export { DEFAULT_EVENT_TYPE_FIELD, type ParseEventOptions, parseEvent } from './parse-event.js';
export { DEFAULT_MAX_BODY_BYTES, type RawBody } from './raw-body.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  SECRET_PREFIX,
  STANDARD_WEBHOOKS_HEADERS,
  type StandardWebhooksOptions,
  standardWebhooksVerifier,
  type WebhookSecret,
} from './standard-webhooks.js';
export {
  createTestWebhook,
  generateWebhookSecret,
  type SignedWebhook,
  type SignOptions,
  signWebhook,
} from './test-signer.js';
export { type UnwrapOptions, unwrap, unwrapRequest } from './unwrap.js';
export type { VerificationInput, WebhookVerifier } from './verifier.js';
export { type VerifyOptions, verifyWebhook } from './verify.js';
export type { WebhookHeaders, WebhookHeadersInput } from './webhook-headers.js';
