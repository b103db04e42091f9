import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({ testTimeout: 120_000 });
