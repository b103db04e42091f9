import { packageConfig, typeTests } from '../../tools/src/vitest/package-config.js';

export default packageConfig({
  typecheck: typeTests,
  // Every test talks to its own loopback server; keep a failing walk from hanging the run.
  testTimeout: 10_000,
});
