import { packageConfig, typeTests } from '@svc/tools/vitest';

export default packageConfig({
  typecheck: typeTests,
  // Every test talks to its own loopback server; keep a failing walk from hanging the run.
  testTimeout: 10_000,
});
