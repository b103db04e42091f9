// @ts-check
// The vitest config of every package: `import { packageConfig } from '@svc/tools/vitest'`. JavaScript with
// JSDoc types, because vite loads a config's bare imports with plain Node, which cannot run TypeScript.
// Every package gets the same two setups; it passes only what is its own: timeouts, projects, type tests,
// more global setups.

/** @typedef {NonNullable<import('vitest/config').ViteUserConfig['test']>} TestOptions */

/** Type tests (`*.test-d.ts`), checked with the package's own tsconfig: `typecheck: typeTests`. */
export const typeTests = /** @type {const} @satisfies {TestOptions['typecheck']} */ ({
  enabled: true,
  include: ['test/**/*.test-d.ts'],
  tsconfig: './tsconfig.json',
});

/**
 * @param {Omit<TestOptions, 'setupFiles' | 'globalSetup'> & { globalSetup?: string[] }} [options]
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function packageConfig({ globalSetup = [], ...test } = {}) {
  return {
    test: {
      // With projects, each names its own files: a root `include` would be added to every project's.
      ...(test.projects ? {} : { include: ['test/**/*.test.ts'] }),
      // Hooks here start real processes (the sandbox, Prism, PostgreSQL, Redis): vitest's 10 s is too short
      // for a Prism start on two busy cores, and a hook that times out skips its whole file.
      hookTimeout: 60_000,
      ...test,
      // A runtime warning or unhandled rejection during a test is a defect: fail on it.
      setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
      // `pnpm --filter <pkg> test` builds what the tests read first, as turbo's dependsOn does.
      globalSetup: ['@svc/tools/build-dependencies', ...globalSetup],
    },
  };
}
