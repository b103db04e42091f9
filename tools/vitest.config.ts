import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/fixtures/**'],
    setupFiles: ['./src/vitest/fail-on-runtime-warnings.ts'],
    testTimeout: 120_000,
  },
});
