import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A runtime warning or unhandled rejection during a test is a defect: fail on it (tools/src/vitest/).
    setupFiles: ['@svc/tools/fail-on-runtime-warnings'],
    // `pnpm --filter <pkg> test` builds what the tests read first, as turbo's dependsOn does.
    globalSetup: ['@svc/tools/build-dependencies'],
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
