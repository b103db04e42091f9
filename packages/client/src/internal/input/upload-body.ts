// Turns the file fields of a multipart body into Files before the request is built: streams are
// read here (counted as they come, refused past the size limit), so only bytes are ever sent.
import { ValidationError } from '../../errors.js';
import type { FileRule, Rule } from '../../operation.js';
import { SNIFF_BYTES, SNIFFABLE_TYPES, sniffMediaType } from '../../sniff-media-type.js';
import type { FileInput } from '../../uploadable.js';
import { checkFile, checkMediaType, essence, isFileInput, isStream, isUploadData } from './upload-input.js';

async function readStream(
  stream: ReadableStream<Uint8Array> | AsyncIterable<unknown>,
  rule: FileRule,
  field: string,
): Promise<Blob> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterable: AsyncIterable<unknown> =
    Symbol.asyncIterator in stream ? stream : readerIterable(stream as ReadableStream<Uint8Array>);
  // Leaving the loop early (throw) calls return(): a Node stream is destroyed, a web stream cancelled.
  for await (const chunk of iterable) {
    const bytes =
      chunk instanceof Uint8Array ? chunk : chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : undefined;
    if (!bytes)
      throw new ValidationError(field, 'must yield bytes (Uint8Array or Buffer), not text or objects');
    size += bytes.byteLength;
    if (rule.maxBytes !== undefined && size > rule.maxBytes)
      throw new ValidationError(field, `must be at most ${rule.maxBytes} bytes (the stream went past it)`);
    chunks.push(bytes);
  }
  return new Blob(chunks as BlobPart[]);
}

async function* readerIterable(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The name a Node file stream was opened with, without its directory (never the local path). */
const streamName = (data: unknown): string | undefined => {
  const path = (data as { path?: unknown }).path;
  return typeof path === 'string' ? path.split(/[/\\]/).pop() || undefined : undefined;
};

const sniffBlob = async (blob: Blob): Promise<string | undefined> =>
  sniffMediaType(new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()));

/**
 * Refuses a file whose leading bytes are not of its declared type (a web page or a ZIP sent as
 * application/pdf): the service would store or parse what it is not. Checked for every declared type
 * the signature table can tell, whatever the bytes; an unknown or generic type (application/octet-stream)
 * passes.
 */
function checkBytesMatch(declared: string | undefined, sniffed: string | undefined, field: string): void {
  if (declared === undefined || declared === sniffed || !SNIFFABLE_TYPES.includes(declared)) return;
  throw new ValidationError(
    field,
    `is declared ${declared} but its leading bytes are ${sniffed ?? `not ${declared}`}`,
  );
}

/** One file field as a File carrying its name and content type, checked against the field's rules. */
async function toFile(rule: FileRule, value: unknown, field: string, name: string): Promise<File> {
  checkFile(rule, value, field);
  const { data, filename, contentType } = (isFileInput(value) ? value : { data: value }) as FileInput;
  const blob =
    data instanceof Blob
      ? data
      : isStream(data)
        ? await readStream(data, rule, field)
        : new Blob([data as BlobPart]);
  if (rule.maxBytes !== undefined && blob.size > rule.maxBytes)
    throw new ValidationError(field, `must be at most ${rule.maxBytes} bytes (got ${blob.size})`);
  const given = contentType ?? (blob.type || undefined);
  const sniffed = await sniffBlob(blob);
  const type = given ? essence(given) : sniffed;
  checkMediaType(rule, type, field);
  checkBytesMatch(type, sniffed, field);
  const subtype = type?.split('/')[1]?.replace(/[^a-z0-9]/g, '');
  const fileName =
    filename ?? ((data instanceof File && data.name) || streamName(data) || `${name}.${subtype || 'bin'}`);
  return new File([blob], fileName, { type: given ?? type ?? 'application/octet-stream' });
}

/**
 * A multipart body with every file field (declared `format: binary`, or any value holding bytes or
 * a stream) turned into a File; other fields are left as they are. Validation has run already.
 */
export async function prepareUploads(rule: Rule | undefined, body: unknown): Promise<unknown> {
  if (typeof body !== 'object' || body === null) return body;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    // A form built by the caller is sent as it is, but a file in it must not contradict its type.
    for (const [name, value] of body)
      if (value instanceof Blob && value.type)
        checkBytesMatch(essence(value.type), await sniffBlob(value), `body.${name}`);
    return body;
  }
  const prepared: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [name, value] of Object.entries(prepared)) {
    if (value === undefined || value === null) continue;
    const fileRule = rule?.props?.[name]?.file;
    const items = rule?.props?.[name]?.items?.file;
    if (Array.isArray(value) && (items || value.some(holdsFile)))
      prepared[name] = await Promise.all(
        value.map((item, index) =>
          holdsFile(item) || items ? toFile(items ?? {}, item, `body.${name}[${index}]`, name) : item,
        ),
      );
    else if (fileRule || holdsFile(value))
      prepared[name] = await toFile(fileRule ?? {}, value, `body.${name}`, name);
  }
  return prepared;
}

const holdsFile = (value: unknown): boolean => isUploadData(value) || isFileInput(value);
