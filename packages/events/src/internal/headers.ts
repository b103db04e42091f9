import { WebhookHeaderError } from '../errors.js';
import type { WebhookHeaders, WebhookHeadersInput } from '../webhook-headers.js';

const isHeadersLike = (input: unknown): input is { get(name: string): unknown } =>
  typeof (input as { get?: unknown } | null)?.get === 'function';

/** Marks a header whose value cannot be read as text; reported only when a verifier reads that header. */
const MALFORMED = Symbol('malformed');

/** One header value as text: a string, or strings (joined with a space); anything else is malformed. */
function text(value: unknown): string | typeof MALFORMED {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(' ');
  return MALFORMED;
}

/**
 * The one place header input is read. Untyped callers hand in anything (a `null` value, a number, an
 * array of numbers, no headers at all): every such case becomes a WebhookError, never a TypeError.
 */
export function normalizeHeaders(input: WebhookHeadersInput): WebhookHeaders {
  if (isHeadersLike(input)) {
    return {
      get: (name) => {
        const value = input.get(name);
        if (value === null || value === undefined) return null;
        const read = text(value);
        if (read === MALFORMED) throw new WebhookHeaderError(name.toLowerCase(), 'malformed');
        return read;
      },
    };
  }
  const byName = new Map<string, string | typeof MALFORMED>();
  // No headers object at all reads as no headers: the verifier then names the first missing one.
  const entries = input !== null && typeof input === 'object' ? Object.entries(input) : [];
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const read = text(value);
    const key = name.toLowerCase();
    const seen = byName.get(key);
    byName.set(
      key,
      seen === undefined ? read : seen === MALFORMED || read === MALFORMED ? MALFORMED : `${seen} ${read}`,
    );
  }
  return {
    get: (name) => {
      const value = byName.get(name.toLowerCase());
      if (value === MALFORMED) throw new WebhookHeaderError(name.toLowerCase(), 'malformed');
      return value ?? null;
    },
  };
}
