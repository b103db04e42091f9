// The one file-signature table of the SDK: the client tells an upload's type from it when none is
// given, and refuses an upload whose declared type its bytes contradict; helpers (lab reports) tell a
// file's type by it rather than by a name or a declared type. Hand-written: file-type, the usual
// library, tells binary formats only (not HTML, the kind a mislabelled upload most often is).

/** Leading bytes of the binary types a service commonly accepts; `undefined` matches any byte. */
const SIGNATURES: readonly (readonly [string, readonly (number | undefined)[]])[] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, undefined, 0x61]], // GIF87a, GIF89a
  // RIFF, four bytes of size, WEBP
  [
    'image/webp',
    [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50],
  ],
];

/**
 * The openings that make a document HTML, after leading white space, any letter case, followed by a
 * space or `>` (the WHATWG MIME Sniffing standard's HTML patterns).
 */
const HTML_OPENINGS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];

/** Bytes `sniffMediaType` reads at most: room for white space before an HTML opening. */
export const SNIFF_BYTES = 512;

const isWhiteSpace = (byte: number | undefined): boolean =>
  byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;

function isHtml(head: Uint8Array): boolean {
  let start = 0;
  while (start < head.length && isWhiteSpace(head[start])) start++;
  return HTML_OPENINGS.some((opening) => {
    const end = start + opening.length;
    if (head[end] !== 0x20 && head[end] !== 0x3e) return false;
    for (let index = 0; index < opening.length; index++) {
      const byte = head[start + index] as number;
      // ASCII letters compare case-insensitively: 0x20 is the case bit.
      const lower = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte;
      if (lower !== opening.charCodeAt(index)) return false;
    }
    return true;
  });
}

/** The types the table can tell from bytes: a declared one of these is checked against the bytes. */
export const SNIFFABLE_TYPES: readonly string[] = [...SIGNATURES.map(([type]) => type), 'text/html'];

/**
 * The media type a file's leading bytes show (`application/pdf`, `image/jpeg`, `image/png`,
 * `image/gif`, `image/webp` or `text/html`), or undefined for anything else, including too few bytes.
 * Only the first SNIFF_BYTES bytes are read.
 */
export function sniffMediaType(head: Uint8Array): string | undefined {
  const binary = SIGNATURES.find(([, bytes]) =>
    bytes.every((byte, index) => (byte === undefined ? index < head.length : head[index] === byte)),
  )?.[0];
  return binary ?? (isHtml(head.subarray(0, SNIFF_BYTES)) ? 'text/html' : undefined);
}
