import { packageConfig } from '@svc/tools/vitest';

// Each file starts the servers it needs (sandbox, PostgreSQL, Redis), PostgreSQL on a copy of the run's one
// cluster (test/fixtures/postgres-cluster.ts); files run two at a time on CI's two cores.
export default packageConfig({
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
  globalSetup: ['test/fixtures/postgres-cluster-setup.ts'],
});
