import type { WebhookHeaders } from './webhook-headers.js';

/** What a verifier is handed: the raw body bytes exactly as received, and case-insensitive headers. */
export interface VerificationInput {
  readonly body: Uint8Array;
  readonly headers: WebhookHeaders;
}

/**
 * Proves that a message was sent by the service. The service's signing scheme is not published, so
 * verification is pluggable: {@link standardWebhooksVerifier} implements the open Standard Webhooks
 * scheme; implement this interface for any other scheme.
 *
 * `verify` resolves when the message is authentic and rejects with a `WebhookError` subclass
 * (`WebhookHeaderError`, `WebhookTimestampError`, `WebhookSignatureError`) when it is not.
 */
export interface WebhookVerifier {
  /** Short name of the scheme, for logs. */
  readonly scheme: string;
  verify(input: VerificationInput): Promise<void>;
}
