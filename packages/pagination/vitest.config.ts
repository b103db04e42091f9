import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // Every test talks to its own loopback server; keep a failing walk from hanging the run.
    testTimeout: 10_000,
  },
});
