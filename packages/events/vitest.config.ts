import { packageConfig, typeTests } from '@svc/tools/vitest';

export default packageConfig({ typecheck: typeTests });
