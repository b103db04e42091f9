import { bodyBytes } from './internal/bytes.js';
import { normalizeHeaders } from './internal/headers.js';
import { DEFAULT_MAX_BODY_BYTES, type RawBody } from './raw-body.js';
import { type StandardWebhooksOptions, standardWebhooksVerifier } from './standard-webhooks.js';
import type { WebhookVerifier } from './verifier.js';
import type { WebhookHeadersInput } from './webhook-headers.js';

/** Either a secret (Standard Webhooks scheme) or a verifier of your own scheme. */
export type VerifyOptions = (
  | (StandardWebhooksOptions & { verifier?: never })
  | { verifier: WebhookVerifier; secret?: never }
) & {
  /** Bodies larger than this are refused with `WebhookBodyTooLargeError` before any work. Default 5 MiB. */
  maxBodyBytes?: number;
};

/** The verifier that `options` describe. Build it once at start-up and pass `{ verifier }` on each call. */
export function verifierOf(options: VerifyOptions): WebhookVerifier {
  if (options.verifier) return options.verifier;
  if (options.secret === undefined) throw new TypeError('pass either `secret` or `verifier`');
  return standardWebhooksVerifier(options);
}

/**
 * Checks that `rawBody` was sent by the service, and rejects with a typed `WebhookError` when not.
 * `rawBody` must be the body exactly as received (bytes or untouched text): the signature covers those bytes.
 */
export async function verifyWebhook(
  rawBody: RawBody,
  headers: WebhookHeadersInput,
  options: VerifyOptions,
): Promise<void> {
  await verifiedBody(rawBody, headers, options);
}

/** Verifies and hands back the body bytes, so `unwrap` parses exactly the bytes that were verified. */
export async function verifiedBody(
  rawBody: RawBody,
  headers: WebhookHeadersInput,
  options: VerifyOptions,
): Promise<Uint8Array> {
  const body = bodyBytes(rawBody, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  await verifierOf(options).verify({ body, headers: normalizeHeaders(headers) });
  return body;
}
