import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Starting Chromium takes a few seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
