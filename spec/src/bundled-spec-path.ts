import { fileURLToPath } from 'node:url';

/** The bundled spec (`pnpm bundle` writes it): what the generators, the mock, the docs and the checks read. */
export const bundledSpecPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));
