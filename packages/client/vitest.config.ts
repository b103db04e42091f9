// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.
import type {} from '@svc/test-kit';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    // `pnpm --filter <pkg> test` builds what the tests read first, as turbo's dependsOn does.
    globalSetup: ['@svc/tools/build-dependencies'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/contract/**'],
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
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
  },
});
