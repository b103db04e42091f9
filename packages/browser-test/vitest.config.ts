// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    include: ['test/**/*.test.ts'],
    globalSetup: ['@svc/tools/build-dependencies', '@svc/test-kit/mock-setup', 'test/page-setup.ts'],
    // Starting Chromium takes a few seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
