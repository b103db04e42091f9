import { shippedSpecPath } from '@svc/spec/shipped-spec-path';

/** Path of the bundled spec shipped in this package (`openapi.json`, copied at build time). */
export function bundledSpecPath(): string {
  return shippedSpecPath(import.meta.url);
}
