import { packageConfig } from '@svc/tools/vitest';

export default packageConfig();
