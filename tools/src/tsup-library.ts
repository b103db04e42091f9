import { defineConfig, type Options } from 'tsup';

/** What every published package ships: ESM and CJS, each with its types. */
const dual = { format: ['esm', 'cjs'], dts: true, clean: true, sourcemap: false } satisfies Options;

/** The build of every published library package: ESM and CJS with types, from `src/index.ts`. */
export default defineConfig({ ...dual, entry: ['src/index.ts'], target: 'es2022' });

/**
 * The build of a published server package (the mock, the sandbox): its `entry` points for Node, and its
 * CLI (`src/cli.ts`) as ESM only: it is run as a bin, never required, and may use top-level await.
 */
export const serverPackage = (entry: string[], options: Options = {}): Options[] => [
  { ...dual, entry, target: 'node20', platform: 'node', shims: true, ...options },
  { entry: ['src/cli.ts'], format: ['esm'], target: 'node20', platform: 'node' },
];
