// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { packageConfig, typeTests } from '@svc/tools/vitest';

export default packageConfig({
  projects: [
    {
      extends: true,
      test: {
        name: 'unit',
        include: ['test/**/*.test.ts'],
        exclude: ['test/contract/**'],
        typecheck: typeTests,
      },
    },
    {
      extends: true,
      test: {
        name: 'contract',
        include: ['test/contract/**/*.test.ts'],
        globalSetup: ['@svc/test-kit/mock-setup'],
        testTimeout: 20_000,
      },
    },
  ],
});
