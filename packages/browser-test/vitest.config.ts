// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({
  globalSetup: ['@svc/test-kit/mock-setup', 'test/page-setup.ts'],
  // Starting Chromium takes a few seconds on a 2-core machine.
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
