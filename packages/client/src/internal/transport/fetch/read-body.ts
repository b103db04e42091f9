import { type Body, isTextType, textDecoder } from '../reply/buffered-response.js';
import { responseTooLarge, tooManyCodings } from '../reply/response-limit.js';

/**
 * Reads the whole body, at most `maxBytes` of it (as decoded by fetch), then keeps it as text for JSON
 * and text (UTF-8, a byte order mark dropped, as fetch's `text()`), bytes otherwise. Past the limit the
 * stream is cancelled, which closes the connection, and the answer is refused; so is one in more
 * content codings than a server applies, before a byte is read.
 */
export async function readBody(response: Response, maxBytes: number, what: string): Promise<Body> {
  const { headers, status } = response;
  const encoding = headers.get('content-encoding');
  if (response.body && tooManyCodings(encoding))
    throw responseTooLarge(what, status, headers, maxBytes, encoding as string);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (reader)
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        throw responseTooLarge(what, status, headers, maxBytes);
      }
      chunks.push(read.value);
    }
  // One chunk is the whole body (most answers); more are joined once.
  let bytes = chunks[0] ?? new Uint8Array(0);
  if (chunks.length > 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  if (isTextType(headers.get('content-type'))) return textDecoder().decode(bytes);
  // A chunk may be a view into a larger buffer: the body gets a buffer of exactly its length.
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
