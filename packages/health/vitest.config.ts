import { packageConfig, typeTests } from '@svc/tools/vitest';

export default packageConfig({
  typecheck: typeTests,
  // Loading the FHIR definitions for the validator takes a few seconds on a busy two-core machine.
  testTimeout: 30_000,
});
