import { packageConfig } from '@svc/tools/vitest';

// Each file starts the servers it needs (sandbox, PostgreSQL, Redis); files run two at a time on CI's two cores.
export default packageConfig({ testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 2 });
