import { defineConfig } from 'vitest/config';

// The presets' own tests load the setup by path: this package is where `@svc/tools/...` points.
export default defineConfig({
  test: {
    include: ['*/test/**/*.test.ts'],
    exclude: ['*/test/**/fixtures/**'],
    setupFiles: ['./config/fail-on-runtime-warnings.ts'],
    testTimeout: 120_000,
  },
});
