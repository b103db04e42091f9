import type { MediaTypeObject, OpenApiDocument } from '@svc/spec';
import { followRef } from '@svc/spec/follow-ref';
import { HttpError } from '../internal/http-error.js';
import type { IndexedOperation } from './spec-index.js';
import { responseKey } from './validator.js';

/** What a `Prefer` header asks for, as the mock reads it: `code=404`, `example=name`. */
export interface Preference {
  code?: number;
  example?: string;
}

/**
 * Reads `Prefer`; a `code` that is not a status an answer can have (`999`, `abc`, empty) is refused as
 * one the operation does not declare, never dropped for the default answer.
 */
export function parsePrefer(header: string | null): Preference {
  const preference: Preference = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [key, value = ''] = part.split('=').map((s) => s.trim());
    if (key === 'code') preference.code = statusOf(value);
    if (key === 'example' && value) preference.example = value.replace(/^"|"$/g, '');
  }
  return preference;
}

/** A preferred status: 200 to 599, what a response can carry (1xx is never a final answer). */
function statusOf(value: string): number {
  if (/^[2-5]\d\d$/.test(value)) return Number(value);
  throw new HttpError(422, 'invalid_prefer', `Prefer: code=${value} is not a status this operation declares`);
}

/**
 * The answer of an operation from the spec's examples: the named example, else the first one, at the
 * preferred status (default 200). A status whose response has no example answers the open error shape.
 */
export function exampleResponse(
  document: OpenApiDocument,
  operation: IndexedOperation,
  preference: Preference,
): { status: number; body: unknown } {
  const status = preference.code ?? 200;
  const key = responseKey(operation, status);
  if (!key)
    throw new HttpError(
      422,
      'invalid_prefer',
      `Prefer: code=${status} is not a status this operation declares`,
    );
  const media: MediaTypeObject | undefined = operation.responses[key]?.content?.['application/json'];
  const examples = media?.examples ?? {};
  const names = Object.keys(examples);
  if (preference.example !== undefined && !names.includes(preference.example))
    throw new HttpError(
      422,
      'invalid_prefer',
      `Prefer: example=${preference.example} is not an example of this response` +
        (names.length ? ` (examples: ${names.join(', ')})` : ''),
    );
  const name = preference.example ?? names[0];
  if (name !== undefined) return { status, body: followRef(document, examples[name])?.value };
  if (media?.example !== undefined) return { status, body: media.example };
  return {
    status,
    body: {
      error: {
        code: 'preferred_status',
        message: `Answered ${status} because the request asked for it (Prefer: code=${status}).`,
      },
    },
  };
}
