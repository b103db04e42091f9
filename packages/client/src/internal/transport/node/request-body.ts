// A request body as the bytes fetch would send, with the content type fetch would add.
import type { HeaderList } from '../../input/header-list.js';

/** A text body as fetch sends it: UTF-8, typed as text unless the call set a type. */
export function encodeText(body: string, headers: HeaderList): Uint8Array {
  headers.default('content-type', 'text/plain;charset=UTF-8');
  return Buffer.from(body, 'utf8');
}

/** A body as the bytes fetch would send, with the content type fetch would add when none is set. */
export async function encode(body: BodyInit, headers: HeaderList): Promise<Uint8Array> {
  if (typeof body === 'string') return encodeText(body, headers);
  // A form, a file, bytes: fetch's own encoding (a form's boundary is chosen here, once per call).
  const encoded = new Response(body);
  const type = encoded.headers.get('content-type');
  if (type) headers.default('content-type', type);
  return new Uint8Array(await encoded.arrayBuffer());
}
