// The ONE place secrets are scrubbed: error messages and stacks, toJSON/inspect output and log lines
// all pass through here, so a new output path cannot forget a rule.

const MASK = '[redacted]';

/** The team API key header, sent on every call. */
export const API_KEY_HEADER = 'x-svc-api-key';
/** The header carrying a link token (complete_mfa). */
export const LINK_TOKEN_HEADER = 'x-svc-link-token';

/** Header names whose values are secrets wherever they appear (lower case). */
const SECRET_HEADERS = new Set([API_KEY_HEADER, LINK_TOKEN_HEADER, 'authorization', 'cookie', 'set-cookie']);

/**
 * Secret values seen at run time (API keys, also those returned by an `apiKey` function, and link
 * tokens). Bounded, oldest first out, so key rotation over months cannot grow it without end.
 */
const secrets: string[] = [];
const MAX_SECRETS = 64;
/** Shorter values are not registered: masking every "abc" in every message would hide more than it protects. */
const MIN_SECRET_LENGTH = 4;

/** Remembers a secret value so that it is masked in every message, log line and serialized error. */
export function registerSecret(value: string): void {
  if (value.length < MIN_SECRET_LENGTH || secrets.includes(value)) return;
  if (secrets.push(value) > MAX_SECRETS) secrets.shift();
  // Longest first, so a secret that contains another is masked whole.
  secrets.sort((a, b) => b.length - a.length);
}

/** The text with every registered secret replaced by `[redacted]`. */
export function redact(text: string): string {
  for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(MASK);
  return text;
}

/** A plain copy of a value (objects, arrays, Headers) with secrets masked, safe to print or serialize. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const entries =
    typeof Headers !== 'undefined' && value instanceof Headers ? [...value] : Object.entries(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    copy[key] = SECRET_HEADERS.has(key.toLowerCase()) ? MASK : redactValue(item, depth + 1);
  }
  return copy;
}
