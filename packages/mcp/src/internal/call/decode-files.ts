import { ValidationError } from '@svc/client';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The file fields of a multipart body, sent by the model as base64 text, as bytes for the client,
 * which then checks them against the spec's file rules (types by their leading bytes, size) before
 * sending. Text that is not base64 is refused here: `Buffer.from` would quietly decode it to garbage.
 */
export function decodeFiles(params: Record<string, unknown>, fileFields: readonly string[]): void {
  const body = params.body;
  if (fileFields.length === 0 || typeof body !== 'object' || body === null) return;
  const decoded: Record<string, unknown> = { ...body };
  for (const field of fileFields) {
    const value = decoded[field];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value.replace(/\s+/g, '') : undefined;
    if (text === undefined || text.length % 4 !== 0 || !BASE64.test(text))
      throw new ValidationError(`body.${field}`, "must be the file's bytes as base64 text");
    decoded[field] = new Uint8Array(Buffer.from(text, 'base64'));
  }
  params.body = decoded;
}
