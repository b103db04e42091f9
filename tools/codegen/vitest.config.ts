import { defineConfig } from 'vitest/config';

// @svc/codegen sits inside tools/ (@svc/tools): listing @svc/tools as its dependency would link
// tools/codegen/node_modules/@svc/tools to an ancestor folder, a loop turbo refuses to traverse. So this
// one config names the shared setup by its path in the enclosing folder instead of @svc/tools/vitest.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['../config/fail-on-runtime-warnings.ts'],
    testTimeout: 120_000,
  },
});
