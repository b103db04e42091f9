import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Path of the bundled spec shipped in this package (`openapi.json`, copied at build time).
 * From src/ and from dist/ alike it sits one folder up.
 */
export function bundledSpecPath(): string {
  const path = resolve(dirname(fileURLToPath(import.meta.url)), '../openapi.json');
  if (!existsSync(path)) {
    throw new Error(
      `bundled spec not found at ${path}: run \`pnpm build\` (it bundles spec/ and copies it here)`,
    );
  }
  return path;
}
