// Every answer the client reads is bounded by a number it chose, whatever the other side sends: a few
// kB of gzip can decode to gigabytes (a decompression bomb), and a plain answer can be as large.
import { ResponseTooLargeError } from '../../../errors.js';
import { requestIdOf } from '../../../request-id.js';
import type { HeaderReader } from './reply.js';

/** 64 MiB: far above any answer of the service (a page of markers is a few kB), far below what hurts a process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 ** 26;

/**
 * Content codings undone in one answer: a server applies one, a proxy may add a second. More is a
 * decompression bomb's shape (fetch undoes five), refused before a byte is decoded.
 */
export const MAX_CODINGS = 2;

/** Whether an answer's `content-encoding` stacks more codings than the client undoes. */
export const tooManyCodings = (encoding: string | null): boolean =>
  encoding !== null && encoding.split(',').length > MAX_CODINGS;

/** The error for an answer over `maxBytes`, or (given its `content-encoding`) in too many codings (the count is named, not the value). */
export function responseTooLarge(
  what: string,
  status: number,
  headers: HeaderReader,
  maxBytes: number,
  encoding?: string,
): ResponseTooLargeError {
  const why = encoding
    ? `in ${encoding.split(',').length} stacked content codings (at most ${MAX_CODINGS} are undone)`
    : `with more than ${maxBytes} bytes (maxResponseBytes)`;
  return new ResponseTooLargeError(
    status,
    maxBytes,
    requestIdOf(headers),
    `${what} answered ${status} ${why}`,
  );
}
