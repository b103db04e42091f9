import { WebhookHeaderError, WebhookSignatureError, WebhookTimestampError } from './errors.js';
import { decodeBase64 } from './internal/base64.js';
import { concatBytes, utf8 } from './internal/bytes.js';
import { timingSafeEqual } from './internal/constant-time.js';
import { hmacSha256, importHmacKey } from './internal/hmac.js';
import type { VerificationInput, WebhookVerifier } from './verifier.js';

/** Prefix of Standard Webhooks secrets: `whsec_` followed by the base64 key. */
export const SECRET_PREFIX = 'whsec_';

/** Messages whose timestamp is further than this from the receiver's clock, either way, are refused. */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

/** Header names of the Standard Webhooks scheme. */
export const STANDARD_WEBHOOKS_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/**
 * A signing secret: `whsec_<base64>` as shown by the sender, the bare base64 text, or the raw key bytes.
 * Give several during a key rotation; a message signed with any of them is accepted.
 */
export type WebhookSecret = string | Uint8Array;

export interface StandardWebhooksOptions {
  secret: WebhookSecret | readonly WebhookSecret[];
  /** Largest allowed distance between the message timestamp and now, in seconds, both ways. Default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock in milliseconds since the epoch; inject it in tests. Default `Date.now`. */
  now?: () => number;
  /** Header names, for senders that prefix them differently (e.g. `svix-id`). Default `webhook-*`. */
  headerNames?: Partial<Record<keyof typeof STANDARD_WEBHOOKS_HEADERS, string>>;
}

const TIMESTAMP = /^\d{1,15}$/;
const SIGNATURE_BYTES = 32;

/** The key bytes of a secret. Throws a `TypeError` that never quotes the secret. */
export function secretKey(secret: WebhookSecret): Uint8Array {
  if (secret instanceof Uint8Array) {
    if (secret.byteLength === 0) throw new TypeError('webhook secret is empty');
    return secret;
  }
  if (typeof secret !== 'string') throw new TypeError('webhook secret must be a string or a Uint8Array');
  const body = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = decodeBase64(body);
  if (!key || key.byteLength === 0) {
    throw new TypeError(
      `webhook secret is not a "${SECRET_PREFIX}" secret (${SECRET_PREFIX} followed by base64)`,
    );
  }
  return key;
}

/** The bytes that Standard Webhooks signs: `${id}.${timestamp}.${body}`. */
export const signedContent = (id: string, timestamp: string, body: Uint8Array): Uint8Array =>
  concatBytes(utf8(`${id}.${timestamp}.`), body);

/** Every `v1` signature in a `webhook-signature` header, decoded; entries of other versions are skipped. */
function v1Signatures(header: string): Uint8Array[] | undefined {
  let sawV1 = false;
  const signatures: Uint8Array[] = [];
  // Entries are space-separated; a proxy that merged repeated headers with ", " leaves a trailing comma.
  for (const entry of header.split(/\s+/)) {
    const [version, signature] = entry.replace(/,+$/, '').split(',', 2);
    if (version !== 'v1' || signature === undefined) continue;
    sawV1 = true;
    const bytes = decodeBase64(signature);
    if (bytes?.byteLength === SIGNATURE_BYTES) signatures.push(bytes);
  }
  return sawV1 ? signatures : undefined;
}

/**
 * A {@link WebhookVerifier} for the open Standard Webhooks scheme (standardwebhooks.com): HMAC-SHA256 over
 * `id.timestamp.body` with a `whsec_` secret, `v1,<base64>` signatures (several allowed, for rotation),
 * and a timestamp tolerance checked both ways against replays. Runs on WebCrypto, so it works on Node,
 * Deno, Bun and edge runtimes alike. Comparison is constant-time.
 */
export function standardWebhooksVerifier(options: StandardWebhooksOptions): WebhookVerifier {
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret as WebhookSecret];
  if (secrets.length === 0) throw new TypeError('at least one webhook secret is required');
  // Decoded eagerly so a bad secret fails at start-up, not on the first delivery; held only in this closure.
  const keys = Promise.all(secrets.map((secret) => importHmacKey(secretKey(secret))));
  keys.catch(() => {}); // surfaced on first verify; avoids an unhandled rejection before then
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError('toleranceSeconds must be >= 0');
  const now = options.now ?? Date.now;
  const names = { ...STANDARD_WEBHOOKS_HEADERS, ...options.headerNames };

  const required = (input: VerificationInput, name: string): string => {
    const value = input.headers.get(name)?.trim();
    if (!value) throw new WebhookHeaderError(name, 'missing');
    return value;
  };

  return {
    scheme: 'standard-webhooks',
    async verify(input) {
      const id = required(input, names.id);
      const timestamp = required(input, names.timestamp);
      const signatureHeader = required(input, names.signature);
      if (!TIMESTAMP.test(timestamp)) throw new WebhookHeaderError(names.timestamp, 'malformed');

      const sentAt = Number(timestamp);
      const nowSeconds = Math.floor(now() / 1000);
      if (Math.abs(nowSeconds - sentAt) > tolerance)
        throw new WebhookTimestampError(sentAt, nowSeconds, tolerance);

      const candidates = v1Signatures(signatureHeader);
      if (!candidates) throw new WebhookSignatureError('unsupported');
      const content = signedContent(id, timestamp, input.body);
      for (const key of await keys) {
        const expected = await hmacSha256(key, content);
        if (candidates.some((candidate) => timingSafeEqual(candidate, expected))) return;
      }
      throw new WebhookSignatureError('no_match');
    },
  };
}
