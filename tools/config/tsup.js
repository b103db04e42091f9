// @ts-check
// The tsup builds of the published packages: `export { default } from '@svc/tools/tsup'`. JavaScript with
// JSDoc types, because tsup loads a config's bare imports with plain Node, which cannot run TypeScript.
import { defineConfig } from 'tsup';

/** What every published package ships: ESM and CJS, each with its types. */
const dual = /** @satisfies {import('tsup').Options} */ ({
  format: /** @type {import('tsup').Format[]} */ (['esm', 'cjs']),
  dts: true,
  clean: true,
  sourcemap: false,
});

/** The build of every published library package: ESM and CJS with types, from `src/index.ts`. */
export default defineConfig({ ...dual, entry: ['src/index.ts'], target: 'es2022' });

/**
 * The build of a published server package (the mock, the sandbox): its `entry` points for Node, and its
 * CLI (`src/cli.ts`) as ESM only: it is run as a bin, never required, and may use top-level await.
 * @param {string[]} entry
 * @param {import('tsup').Options} [options]
 * @returns {import('tsup').Options[]}
 */
export const serverPackage = (entry, options = {}) => [
  { ...dual, entry, target: 'node20', platform: 'node', shims: true, ...options },
  { entry: ['src/cli.ts'], format: ['esm'], target: 'node20', platform: 'node' },
];
