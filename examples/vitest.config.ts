// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({
  // One sandbox for every example, on a loopback port: they talk to it exactly as a partner's script would.
  globalSetup: ['test/global-setup.ts'],
  // Each example is a child process (tsx start-up included): seconds, not milliseconds.
  testTimeout: 30_000,
});
