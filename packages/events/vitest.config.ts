import { packageConfig, typeTests } from '../../tools/src/vitest/package-config.js';

export default packageConfig({ typecheck: typeTests });
