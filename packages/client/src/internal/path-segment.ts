import { ValidationError } from '../errors.js';

/** A dot segment, as URL parsers (and servers that decode or normalise first) resolve it. */
const isDotSegment = (text: string): boolean =>
  text.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');

/**
 * Refuses a path parameter value that could change the shape of the request path: empty, `.`, `..`,
 * or any form that decodes (percent-decoding repeated until stable, Unicode NFKC) to one. The value
 * itself is sent percent-encoded by openapi-fetch (`/`, `?`, `#` included), so it stays one segment.
 */
function checkPathSegment(name: string, value: unknown): void {
  if (value === undefined || value === null) return; // "is required" / "must not be null" come from the rules
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    throw new ValidationError(name, 'must be a string or a number (a path parameter)');
  let text = String(value);
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
