// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { packageConfig, typeTests } from '@svc/tools/vitest';

export default packageConfig({
  typecheck: typeTests,
  // One Prism for the whole run (end-to-end tests); stateful flows use their own loopback fakes.
  globalSetup: ['@svc/test-kit/mock-setup'],
  // Every wait in these tests is bounded far below this; a hang fails instead of stalling the run.
  testTimeout: 15_000,
});
