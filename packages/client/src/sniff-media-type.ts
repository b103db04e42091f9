// The one file-signature table of the SDK: the client tells an upload's type from it when none is
// given, and helpers (lab reports) tell a file's type by it rather than by a name or a declared type.

/** Leading bytes of the types a service commonly accepts. */
const SIGNATURES: readonly (readonly [string, readonly number[]])[] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** Bytes `sniffMediaType` reads at most: the longest signature. */
export const SNIFF_BYTES = 8;

/**
 * The media type a file's leading bytes show (`application/pdf`, `image/jpeg` or `image/png`), or
 * undefined for anything else, including too few bytes. Only the first SNIFF_BYTES bytes are read.
 */
export const sniffMediaType = (head: Uint8Array): string | undefined =>
  SIGNATURES.find(([, bytes]) => bytes.every((byte, index) => head[index] === byte))?.[0];
