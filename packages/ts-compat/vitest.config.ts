import { packageConfig } from '../../tools/src/vitest/package-config.js';

export default packageConfig({
  // Each case runs a whole compiler on the consumer: seconds on a 2-core machine.
  testTimeout: 120_000,
});
