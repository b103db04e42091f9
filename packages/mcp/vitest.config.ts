import { packageConfig } from '@svc/tools/vitest';

// Each file starts what it needs (an in-process sandbox, a served one, the built CLI as a child process).
export default packageConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
