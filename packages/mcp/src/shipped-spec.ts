import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '@svc/spec';
import { shippedSpecPath } from '@svc/spec/shipped-spec-path';

let loaded: OpenApiDocument | undefined;

/**
 * The bundled spec this package ships (`@svc/mcp/openapi.json`, copied at build time), read once. It
 * sits in this file's folder's parent from `src/` and from `dist/` alike, which is why this file is at
 * the top of `src/`.
 */
export function shippedSpec(): OpenApiDocument {
  loaded ??= JSON.parse(readFileSync(shippedSpecPath(import.meta.url), 'utf8')) as OpenApiDocument;
  return loaded;
}
