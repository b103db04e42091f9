import { existsSync, readFileSync } from 'node:fs';
import { bundledSpecPath } from './bundled-spec-path.js';
import type { OpenApiDocument } from './openapi-objects.js';

/** The bundled spec, parsed; a missing bundle is an error that names the command that writes it. */
export function loadSpec(path: string = bundledSpecPath): OpenApiDocument {
  if (!existsSync(path)) throw new Error(`No bundled spec at ${path}: run \`pnpm bundle\` first.`);
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}
