import { WebhookBodyTooLargeError } from '../errors.js';
import { DEFAULT_MAX_BODY_BYTES, type RawBody } from '../raw-body.js';

const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** Refuses a body past `maxBytes`, encoding a string only when its UTF-8 size could matter. */
export function checkBodySize(body: RawBody, maxBytes: number): void {
  let size = typeof body === 'string' ? body.length : body.byteLength;
  // UTF-8 takes one to three bytes per UTF-16 unit, so `length` bounds the size from below and 3×length from above.
  if (typeof body === 'string' && size <= maxBytes && size * 3 > maxBytes) size = utf8(body).byteLength;
  if (size > maxBytes) throw new WebhookBodyTooLargeError(maxBytes, size);
}

/** The body's bytes, refusing anything past `maxBytes` before any other work is done. */
export function bodyBytes(body: RawBody, maxBytes: number = DEFAULT_MAX_BODY_BYTES): Uint8Array {
  checkBodySize(body, maxBytes);
  if (typeof body === 'string') return utf8(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
