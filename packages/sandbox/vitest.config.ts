import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({ testTimeout: 60_000 });
