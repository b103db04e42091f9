import { packageConfig } from '../../tools/src/vitest/package-config.js';

export default packageConfig({ testTimeout: 60_000 });
