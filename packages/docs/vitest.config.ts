import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({
  // Starting Chromium and rendering a 2.5 MB page takes seconds on a 2-core machine.
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
