// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { defineConfig } from 'vitest/config';

const FULL = process.env.SVC_RELIABILITY_FULL === '1';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    // `pnpm --filter <pkg> test` builds what the tests read first, as turbo's dependsOn does.
    globalSetup: ['@svc/tools/build-dependencies'],
    // Every bound in these tests is far below this; a hang fails instead of stalling the run.
    testTimeout: FULL ? 600_000 : 60_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'reliability', include: ['test/**/*.test.ts'], exclude: ['test/contract-fuzz/**'] },
      },
      {
        extends: true,
        test: {
          name: 'contract-fuzz',
          include: ['test/contract-fuzz/**/*.test.ts'],
          // One Prism in dynamic mode for the run: random valid responses, new ones on every request.
          globalSetup: ['@svc/test-kit/dynamic-mock-setup'],
        },
      },
    ],
  },
});
