import type { BodyRule } from './body-rules.js';

/** A refusal the front answers itself, before Prism sees the request. */
export interface FrontRefusal {
  status: number;
  title: string;
  detail: string;
}

/** Room for a form's boundaries and part headers beside the files themselves. */
export const FORM_FRAMING_BYTES = 65_536;

/** The largest body an upload may have: its files' limits plus the form's framing; undefined when a file is unbounded. */
export function uploadLimit(rule: BodyRule): number | undefined {
  let total = FORM_FRAMING_BYTES;
  for (const maxBytes of rule.files.values()) {
    if (maxBytes === undefined) return undefined;
    total += maxBytes;
  }
  return total;
}

/**
 * Reads an upload's body as multipart/form-data (undici's parser, the one `Request.formData()` uses)
 * and refuses it unless every file field of the operation came as a file part within its size.
 */
export async function checkUpload(
  rule: BodyRule,
  contentType: string | undefined,
  body: Uint8Array,
): Promise<FrontRefusal | undefined> {
  // Another media type is Prism's to refuse (415 from the spec), as for any operation.
  if ((contentType ?? '').split(';')[0]?.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  let form: FormData;
  try {
    form = await new Request('http://mock.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType as string },
      body: body as Uint8Array<ArrayBuffer>,
    }).formData();
  } catch {
    return {
      status: 400,
      title: 'Malformed multipart body',
      detail: 'The request body is not a well-formed multipart/form-data body.',
    };
  }
  for (const [name, maxBytes] of rule.files) {
    const part = form.get(name);
    if (!(part instanceof Blob))
      return {
        status: 422,
        title: 'Missing file part',
        detail: `The form needs "${name}" as a file part (a part with a filename).`,
      };
    if (maxBytes !== undefined && part.size > maxBytes)
      return {
        status: 413,
        title: 'File too large',
        detail: `"${name}" is ${part.size} bytes; the limit is ${maxBytes}.`,
      };
  }
  return undefined;
}
