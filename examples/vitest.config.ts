// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    include: ['test/**/*.test.ts'],
    // One sandbox for every example, on a loopback port: they talk to it exactly as a partner's script would.
    globalSetup: ['@svc/tools/build-dependencies', 'test/global-setup.ts'],
    // Each example is a child process (tsx start-up included): seconds, not milliseconds.
    testTimeout: 30_000,
  },
});
