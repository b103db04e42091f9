/**
 * The one error hierarchy of `@svc/events`. Every message, `toJSON()` and inspect output is built here,
 * and passes through `redact`, so a webhook secret can never leak through an error.
 */

/** Matches Standard Webhooks secrets (`whsec_` + base64), wherever they sit in a text. */
const SECRET_PATTERN = /whsec_[A-Za-z0-9+/=_-]*/g;

/** Replaces every `whsec_…` secret in `text` with `whsec_[redacted]`. */
export const redact = (text: string): string => text.replace(SECRET_PATTERN, 'whsec_[redacted]');

/** Machine-readable reason of a {@link WebhookError}; stable across releases. */
export type WebhookErrorCode = 'header' | 'timestamp' | 'signature' | 'payload' | 'body_too_large';

type Details = Record<string, string | number | boolean | null>;

/** Base class of every error thrown while receiving a webhook: `catch (e) { if (e instanceof WebhookError) … }`. */
export class WebhookError extends Error {
  override name = 'WebhookError';
  /** Why the webhook was rejected. Answer the sender with 400 (or 413 for `body_too_large`), never 5xx. */
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode, message: string, options?: { cause?: unknown }) {
    super(redact(message), options);
    this.code = code;
  }

  /** Fields that explain the rejection; never the body, never a secret. */
  protected details(): Details {
    return {};
  }

  toJSON(): Details & { name: string; code: WebhookErrorCode; message: string } {
    const details: Details = {};
    for (const [key, value] of Object.entries(this.details())) {
      details[key] = typeof value === 'string' ? redact(value) : value;
    }
    return { name: this.name, code: this.code, message: redact(this.message), ...details };
  }
}

/** A required header is missing or malformed (for example `webhook-timestamp` is not a number). */
export class WebhookHeaderError extends WebhookError {
  override name = 'WebhookHeaderError';
  /** Lower-case name of the header at fault. */
  readonly header: string;

  constructor(header: string, problem: 'missing' | 'malformed') {
    super('header', `webhook header "${header}" is ${problem}`);
    this.header = header;
  }

  protected override details(): Details {
    return { header: this.header };
  }
}

/** The timestamp of the message lies outside the tolerance, in the past (`stale`) or in the future. */
export class WebhookTimestampError extends WebhookError {
  override name = 'WebhookTimestampError';
  readonly direction: 'stale' | 'future';
  /** Timestamp sent with the message, Unix seconds. */
  readonly timestamp: number;
  /** Receiver clock when checked, Unix seconds. */
  readonly now: number;
  readonly toleranceSeconds: number;

  constructor(timestamp: number, now: number, toleranceSeconds: number) {
    const direction = timestamp < now ? 'stale' : 'future';
    super(
      'timestamp',
      `webhook timestamp is ${Math.abs(now - timestamp)} s in the ${direction === 'stale' ? 'past' : 'future'}, ` +
        `beyond the ${toleranceSeconds} s tolerance (replayed message, or a wrong clock)`,
    );
    this.direction = direction;
    this.timestamp = timestamp;
    this.now = now;
    this.toleranceSeconds = toleranceSeconds;
  }

  protected override details(): Details {
    return {
      direction: this.direction,
      timestamp: this.timestamp,
      now: this.now,
      toleranceSeconds: this.toleranceSeconds,
    };
  }
}

/** No signature of the message matches any configured secret: wrong secret, tampered or re-serialised body. */
export class WebhookSignatureError extends WebhookError {
  override name = 'WebhookSignatureError';
  /** `no_match`: signatures present, none valid. `unsupported`: no signature of a version this verifier knows. */
  readonly reason: 'no_match' | 'unsupported';

  constructor(reason: 'no_match' | 'unsupported') {
    super(
      'signature',
      reason === 'no_match'
        ? 'no webhook signature matches the secret; verify the raw body bytes exactly as received, not re-serialised JSON'
        : 'the webhook carries no signature of a supported version (v1)',
    );
    this.reason = reason;
  }

  protected override details(): Details {
    return { reason: this.reason };
  }
}

/** The body is not UTF-8 JSON, not a JSON object, or carries no event name. */
export class WebhookPayloadError extends WebhookError {
  override name = 'WebhookPayloadError';
  readonly reason: 'encoding' | 'json' | 'not_object' | 'event_type';

  constructor(reason: WebhookPayloadError['reason'], message: string, options?: { cause?: unknown }) {
    super('payload', message, options);
    this.reason = reason;
  }

  protected override details(): Details {
    return { reason: this.reason };
  }
}

/** The body is larger than `maxBodyBytes`; nothing of it was verified or parsed. */
export class WebhookBodyTooLargeError extends WebhookError {
  override name = 'WebhookBodyTooLargeError';
  readonly limitBytes: number;
  /** Bytes seen before giving up: the full size, or the first count past the limit when streaming. */
  readonly receivedBytes: number;

  constructor(limitBytes: number, receivedBytes: number) {
    super(
      'body_too_large',
      `webhook body of at least ${receivedBytes} bytes exceeds the ${limitBytes}-byte limit`,
    );
    this.limitBytes = limitBytes;
    this.receivedBytes = receivedBytes;
  }

  protected override details(): Details {
    return { limitBytes: this.limitBytes, receivedBytes: this.receivedBytes };
  }
}
