// What a file field accepts, checked before anything is read or sent. Modelled on openai-node's
// Uploadable: the byte containers users already hold, or one of them with a name and a type.
import { ValidationError } from '../../errors.js';
import type { FileRule } from '../../operation.js';
import type { FileInput, UploadData } from '../../uploadable.js';
import { hasControlChar } from './control-chars.js';

const isBytes = (value: unknown): value is Uint8Array | ArrayBuffer =>
  value instanceof Uint8Array || value instanceof ArrayBuffer;

export const isStream = (value: unknown): value is ReadableStream<Uint8Array> | AsyncIterable<unknown> =>
  (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream) ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function');

export const isUploadData = (value: unknown): value is UploadData =>
  value instanceof Blob || isBytes(value) || isStream(value);

/** A `{ data, filename?, contentType? }` wrapper (any other key makes it a plain object). */
export const isFileInput = (value: unknown): value is FileInput =>
  typeof value === 'object' &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  isUploadData((value as FileInput).data) &&
  Object.keys(value).every((key) => key === 'data' || key === 'filename' || key === 'contentType');

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** The media type without parameters, lower case (`Image/PNG; x=1` → `image/png`). */
export const essence = (type: string): string => (type.split(';')[0] as string).trim().toLowerCase();

/** Checks a file field's value before anything is read: its shape, and the rules that need no reading. */
export function checkFile(rule: FileRule, value: unknown, field: string): void {
  const input = isFileInput(value) ? value : isUploadData(value) ? { data: value } : undefined;
  if (!input)
    throw new ValidationError(
      field,
      'must be a file: a Blob, File, Uint8Array, ArrayBuffer, readable stream or async iterable of bytes, or { data, filename?, contentType? }',
    );
  const { data, filename, contentType } = input;
  if (filename !== undefined && (typeof filename !== 'string' || filename === '' || hasControlChar(filename)))
    throw new ValidationError(`${field}.filename`, 'must be a non-empty string without control characters');
  if (
    contentType !== undefined &&
    (typeof contentType !== 'string' || !MEDIA_TYPE.test(essence(contentType)))
  )
    throw new ValidationError(`${field}.contentType`, 'must be a media type such as application/pdf');
  const size = data instanceof Blob ? data.size : isBytes(data) ? data.byteLength : undefined;
  if (rule.maxBytes !== undefined && size !== undefined && size > rule.maxBytes)
    throw new ValidationError(field, `must be at most ${rule.maxBytes} bytes (got ${size})`);
  const declared = contentType ?? (data instanceof Blob && data.type ? data.type : undefined);
  if (declared !== undefined) checkMediaType(rule, essence(declared), field);
}

/** Refuses a content type the field does not accept. */
export function checkMediaType(rule: FileRule, type: string | undefined, field: string): void {
  const { mediaTypes } = rule;
  if (!mediaTypes || (type !== undefined && mediaTypes.includes(type))) return;
  throw new ValidationError(
    field,
    type === undefined
      ? `must be ${mediaTypes.join(', ')}; its type could not be told from its bytes (give contentType)`
      : `must be ${mediaTypes.join(', ')} (got ${type})`,
  );
}
