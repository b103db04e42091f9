import { jsonDepth, MAX_JSON_DEPTH } from '@svc/server-edge/json-depth';
import { HttpError } from '../internal/http-error.js';
import type { IndexedOperation } from '../openapi/spec-index.js';

/** Largest JSON body the sandbox reads, in bytes. */
export const MAX_JSON_BYTES = 1_048_576;
/** Largest multipart body the sandbox reads, in bytes: a 10 MB report plus room for the form's framing. */
export const MAX_MULTIPART_BYTES = 10_000_000 + 65_536;

/** The raw path's segments, percent-decoded; a bad escape (`%E0%A4%A`) is a 400, never a crash. */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw new HttpError(
          400,
          'bad_path_encoding',
          `The path segment "${segment}" is not valid percent-encoding.`,
        );
      }
    });
}

const mediaTypeOf = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Reads the body up to `limit` bytes; a larger one is refused with 413 without reading it all. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const tooLarge = (limit: number) =>
  new HttpError(413, 'body_too_large', `The request body is over the limit of ${limit} bytes.`);

/** Parses a JSON body; malformed JSON is a 400 that says where it broke, nesting past 64 levels a 400 too. */
export function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(
      400,
      'malformed_json',
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new HttpError(
      400,
      'json_too_deep',
      `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  return value;
}

/** How a document's bodies are read: up to how many bytes of JSON, and by which media type. */
export interface BodyReading {
  maxJsonBytes: number;
  /** Read every body as JSON whatever content-type it declares (curl's `-d` declares a form). */
  alwaysJson: boolean;
}

/** The API's bodies: by their content-type, JSON up to a mebibyte. */
export const API_BODIES: BodyReading = { maxJsonBytes: MAX_JSON_BYTES, alwaysJson: false };

/**
 * The body of an operation: parsed JSON, or the fields of a multipart form (files as `File`), with the
 * media type it came as; undefined when the operation takes no body or none was sent.
 */
export async function readOperationBody(
  request: Request,
  operation: IndexedOperation,
  reading: BodyReading = API_BODIES,
): Promise<{ mediaType: string; value: unknown } | undefined> {
  const spec = operation.requestBody;
  if (!spec) return undefined;
  const mediaType = reading.alwaysJson ? 'application/json' : mediaTypeOf(request);
  const multipart = mediaType === 'multipart/form-data';
  const bytes = await readBytes(request, multipart ? MAX_MULTIPART_BYTES : reading.maxJsonBytes);
  if (bytes.byteLength === 0) {
    if (spec.required)
      throw new HttpError(422, 'invalid_request', 'This operation needs a request body.', [
        { location: ['request', 'body'], code: 'required', message: 'request body is required' },
      ]);
    return undefined;
  }
  if (!Object.hasOwn(spec.content, mediaType))
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send the body as ${Object.keys(spec.content).join(' or ')} (got ${mediaType || 'no content-type'}).`,
    );
  if (!multipart) return { mediaType, value: parseJson(bytes) };
  let form: FormData;
  try {
    form = await new Request('http://sandbox.invalid/', {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type') as string },
      body: bytes as Uint8Array<ArrayBuffer>,
    }).formData();
  } catch {
    throw new HttpError(
      400,
      'malformed_multipart',
      'The request body is not a well-formed multipart/form-data body.',
    );
  }
  // Field names are the client's: a `__proto__` field is a field, never the object's prototype.
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, value] of form.entries()) fields[name] = value;
  return { mediaType, value: fields };
}

/** The body as its schema sees it: file parts stand in as strings (`format: binary`). */
export const schemaView = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v instanceof Blob ? '<binary>' : v]))
    : value;
