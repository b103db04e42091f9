// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // One Prism for the whole run (end-to-end tests); stateful flows use their own loopback fakes.
    globalSetup: ['@svc/tools/build-dependencies', '@svc/test-kit/mock-setup'],
    // Every wait in these tests is bounded far below this; a hang fails instead of stalling the run.
    testTimeout: 15_000,
  },
});
