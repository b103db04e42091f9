import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The bundled spec a published package ships (`openapi.json`, copied beside its `dist/` at build time),
 * found from `moduleUrl`, one of that package's modules: from `src/` and from `dist/` alike it sits one
 * folder up. The mock and the sandbox bundle this function into their build (@svc/spec is only a
 * devDependency), so their packed tarballs need nothing else.
 */
export function shippedSpecPath(moduleUrl: string): string {
  const path = fileURLToPath(new URL('../openapi.json', moduleUrl));
  if (!existsSync(path)) {
    throw new Error(
      `bundled spec not found at ${path}: run \`pnpm build\` (it bundles spec/ and copies it here)`,
    );
  }
  return path;
}
