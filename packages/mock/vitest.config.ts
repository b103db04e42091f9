import { packageConfig } from '../../tools/src/vitest/package-config.js';

export default packageConfig({ globalSetup: ['test/global-setup.ts'], testTimeout: 60_000 });
