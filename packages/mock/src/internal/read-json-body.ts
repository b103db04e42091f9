import type { IncomingHttpHeaders } from 'node:http';
import { jsonDepth, MAX_JSON_DEPTH } from '@svc/server-edge/json-depth';
import type { FrontRefusal } from './check-upload.js';

/** The largest JSON body the front reads: Prism's own limit ('10mb'), past which it answers 413 too. */
export const JSON_BODY_LIMIT = 10 * 1_048_576;

/** Whether Prism parses a body of this content-type as JSON: `application/json`, `application/*+json`. */
export const isJsonMediaType = (contentType: string | undefined) =>
  /^application\/(?:json|[^/\s]+\+json)$/i.test((contentType ?? '').split(';')[0]?.trim() ?? '');

/**
 * Whether Prism will parse this request's body as JSON: it does for `application/json` and
 * `application/*+json` when a body is declared (a length other than 0, or chunks).
 */
export function isJsonBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  const declared = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  return declared && isJsonMediaType(headers['content-type']);
}

/** The `charset` parameter of a content-type, unquoted; undefined when there is none. */
function charsetOf(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name, value] = parameter.split('=', 2).map((part) => part.trim());
    if (name?.toLowerCase() === 'charset' && value) return value.replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/**
 * A JSON body's text, decoded by its declared charset as Prism decodes it (UTF-8 when none), or the
 * refusal when the front cannot vouch for it: a charset it cannot decode (415), or nesting past
 * MAX_JSON_DEPTH (400), which Prism parses and then dies checking or logging.
 */
export function readJsonBody(
  contentType: string | undefined,
  body: Uint8Array,
): { text: string } | { refusal: FrontRefusal } {
  const charset = charsetOf(contentType) ?? 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(charset).decode(body);
  } catch {
    // Scanning bytes of a charset it cannot decode could miss brackets: refused rather than guessed.
    return {
      refusal: {
        status: 415,
        title: 'Unsupported charset',
        detail: `The mock cannot read a JSON body in charset "${charset}"; send it as UTF-8.`,
      },
    };
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    return {
      refusal: {
        status: 400,
        title: 'JSON nested too deeply',
        detail: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
      },
    };
  return { text };
}
