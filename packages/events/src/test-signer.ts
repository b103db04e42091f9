import { encodeBase64 } from './internal/base64.js';
import { bodyBytes } from './internal/bytes.js';
import { hmacSha256, importHmacKey } from './internal/hmac.js';
import type { RawBody } from './raw-body.js';
import { SECRET_PREFIX, secretKey, signedContent, type WebhookSecret } from './standard-webhooks.js';

export interface SignOptions {
  /** One secret, or several to emit one signature per secret (what a sender does during rotation). */
  secret: WebhookSecret | readonly WebhookSecret[];
  /** Message id; default a random `msg_…`. */
  id?: string;
  /** Send time, Unix seconds or a `Date`; default now. Move it to test the tolerance. */
  timestamp?: number | Date;
}

export interface SignedWebhook {
  /** The body as sent; pass it to your handler unchanged. */
  body: string;
  /** `webhook-id`, `webhook-timestamp` and `webhook-signature`, ready for `new Request(url, { headers })`. */
  headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;
}

const randomHex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/** A fresh random `whsec_` secret (24 bytes), for tests and local development. */
export const generateWebhookSecret = (): string =>
  `${SECRET_PREFIX}${encodeBase64(crypto.getRandomValues(new Uint8Array(24)))}`;

/** Signs a raw body the Standard Webhooks way and returns the headers a sender would add. */
export async function signWebhook(body: RawBody, options: SignOptions): Promise<SignedWebhook['headers']> {
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret as WebhookSecret];
  const id = options.id ?? `msg_${randomHex(12)}`;
  const at = options.timestamp ?? new Date();
  const timestamp = String(Math.floor(at instanceof Date ? at.getTime() / 1000 : at));
  const content = signedContent(id, timestamp, bodyBytes(body, Number.POSITIVE_INFINITY));
  const signatures = await Promise.all(
    secrets.map(
      async (secret) =>
        `v1,${encodeBase64(await hmacSha256(await importHmacKey(secretKey(secret)), content))}`,
    ),
  );
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}

/**
 * Builds a signed test delivery from an event payload, so handlers can be unit-tested end to end:
 * `const { body, headers } = await createTestWebhook({ event_type: 'daily.data.sleep.created', data }, { secret })`.
 */
export async function createTestWebhook(
  payload: object | string,
  options: SignOptions,
): Promise<SignedWebhook> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { body, headers: await signWebhook(body, options) };
}
