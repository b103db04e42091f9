import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({
  // Each case runs a whole compiler on the consumer: seconds on a 2-core machine.
  testTimeout: 120_000,
});
