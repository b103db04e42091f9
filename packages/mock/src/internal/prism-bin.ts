import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/** Absolute path of Prism's CLI entry, resolved from this package's own dependency. */
export function prismBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: { prism: string } };
  return resolve(dirname(manifestPath), manifest.bin.prism);
}
