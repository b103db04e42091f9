import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    // `pnpm --filter <pkg> test` builds what the tests read first, as turbo's dependsOn does.
    globalSetup: ['@svc/tools/build-dependencies'],
    include: ['test/**/*.test.ts'],
    // Starting Chromium and rendering a 2.5 MB page takes seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
