import { packageConfig } from '@svc/tools/vitest';

export default packageConfig({ globalSetup: ['test/global-setup.ts'], testTimeout: 60_000 });
