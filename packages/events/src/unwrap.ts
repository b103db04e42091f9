import { WebhookBodyTooLargeError } from './errors.js';
import type { WebhookEvent } from './event-types.js';
import { concatBytes } from './internal/bytes.js';
import { type ParseEventOptions, parseEvent } from './parse-event.js';
import { DEFAULT_MAX_BODY_BYTES, type RawBody } from './raw-body.js';
import { type VerifyOptions, verifiedBody } from './verify.js';
import type { WebhookHeadersInput } from './webhook-headers.js';

/** Verification (a `secret` or a `verifier`) and parsing options together. */
export type UnwrapOptions = VerifyOptions & ParseEventOptions;

/**
 * Verifies a webhook and parses it: `verifyWebhook` then `parseEvent` on the very bytes that were verified.
 * Rejects with a typed `WebhookError` (bad or missing signature headers, stale or future timestamp,
 * oversize body, malformed payload) before anything is returned, so nothing is ever half-processed.
 *
 * `rawBody` must be the body exactly as received: a `Buffer`/`Uint8Array`, an `ArrayBuffer`, or the
 * untouched text. A body that was parsed and re-serialised will not verify.
 */
export async function unwrap(
  rawBody: RawBody,
  headers: WebhookHeadersInput,
  options: UnwrapOptions,
): Promise<WebhookEvent> {
  const body = await verifiedBody(rawBody, headers, options);
  return parseEvent(body, options);
}

/** Reads a body stream, giving up (and cancelling the stream) as soon as it passes `maxBytes`. */
async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw new WebhookBodyTooLargeError(maxBytes, declared);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatBytes(...chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new WebhookBodyTooLargeError(maxBytes, size);
    }
    chunks.push(value);
  }
}

/**
 * `unwrap` for fetch-style runtimes (Request → Response: Workers, Deno, Bun, Next.js route handlers): reads
 * the raw body itself, stopping at `maxBodyBytes`, and verifies it with the request's headers.
 */
export async function unwrapRequest(request: Request, options: UnwrapOptions): Promise<WebhookEvent> {
  const body = await readLimited(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  return unwrap(body, request.headers, options);
}
