import { ValidationError } from '../../errors.js';

/** A dot segment, as URL parsers (and servers that decode or normalise first) resolve it. */
const isDotSegment = (text: string): boolean =>
  text.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');

/**
 * Letters, digits, `_`, `~`, `-` and `.`: nothing to decode (no `%`), nothing NFKC changes (ASCII),
 * no separator, no space. Such a value changes the path only when it is exactly `.` or `..`.
 */
const PLAIN = /^[\w.~-]+$/;

/**
 * Refuses a path parameter value that could change the shape of the request path: empty, `.`, `..`,
 * or any form that decodes (percent-decoding repeated until stable, Unicode NFKC) to one. The value
 * itself is sent percent-encoded by openapi-fetch (`/`, `?`, `#` included), so it stays one segment.
 */
export function checkPathSegment(name: string, value: unknown): void {
  if (value === undefined || value === null) return; // "is required" / "must not be null" come from the rules
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    throw new ValidationError(name, 'must be a string or a number (a path parameter)');
  const text = String(value);
  // Most ids are plain (a user id, a slug): the decoding loop below would find nothing in them.
  if (PLAIN.test(text) && text !== '.' && text !== '..') return;
  checkDecodedForms(name, text);
}

/** The full check: every decoded form of the value (percent-decoding repeated, NFKC) is a real segment. */
export function checkDecodedForms(name: string, value: string): void {
  let text = value;
  // Each round strips one level of encoding, so the loop ends; no round limit to slip past.
  for (;;) {
    if (text.trim() === '') throw new ValidationError(name, 'must not be empty (a path parameter)');
    if (isDotSegment(text) || isDotSegment(text.normalize('NFKC')))
      throw new ValidationError(
        name,
        'must not be "." or ".." in any encoding (it would change the request path)',
      );
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return; // Not decodable further: what remains is checked.
    }
    if (decoded === text) return;
    text = decoded;
  }
}

/** Checks every value of a `params.path` object, declared or not. */
export function checkPathParams(path: Record<string, unknown> | undefined): void {
  if (path) for (const name in path) checkPathSegment(name, path[name]);
}
