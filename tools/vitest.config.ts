import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests spawn node on the real bundled spec; two cores are shared.
    testTimeout: 30_000,
  },
});
