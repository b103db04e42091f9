// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { packageConfig } from '@svc/tools/vitest';

const FULL = process.env.SVC_RELIABILITY_FULL === '1';

export default packageConfig({
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
});
