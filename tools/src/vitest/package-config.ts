// The vitest config of every package (its vitest.config.ts imports this by a relative path: vite loads
// a config's bare imports with plain Node, which cannot run TypeScript). Every package gets the same
// two setups; it passes only what is its own: timeouts, projects, type tests, more global setups.
import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/** Type tests (`*.test-d.ts`), checked with the package's own tsconfig: `typecheck: typeTests`. */
export const typeTests = {
  enabled: true,
  include: ['test/**/*.test-d.ts'],
  tsconfig: './tsconfig.json',
} satisfies TestOptions['typecheck'];

export function packageConfig({
  globalSetup = [],
  ...test
}: Omit<TestOptions, 'setupFiles' | 'globalSetup'> & { globalSetup?: string[] } = {}): ViteUserConfig {
  return {
    test: {
      // With projects, each names its own files: a root `include` would be added to every project's.
      ...(test.projects ? {} : { include: ['test/**/*.test.ts'] }),
      ...test,
      // A runtime warning or unhandled rejection during a test is a defect: fail on it.
      setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
      // `pnpm --filter <pkg> test` builds what the tests read first, as turbo's dependsOn does.
      globalSetup: ['@svc/tools/build-dependencies', ...globalSetup],
    },
  };
}
