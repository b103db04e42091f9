// Brings the typing of what the kit's global setups provide to `inject()` into this package's program.

import { fileURLToPath } from 'node:url';
import type {} from '@svc/test-kit';
import { packageConfig, typeTests } from '@svc/tools/vitest';

/**
 * Every test runs twice: as Node runs the client (named calls over node:http), and as every other
 * runtime does, with `#node-http` and `#attempt-tracer` resolved to nothing and `#request-headers` to fetch's `Headers`, as in the build for browsers,
 * Deno, Bun and workerd.
 */
const fetchOnly = {
  alias: {
    '#node-http': fileURLToPath(new URL('./src/internal/transport/node/no-node-http.ts', import.meta.url)),
    '#request-headers': fileURLToPath(new URL('./src/internal/input/fetch-headers.ts', import.meta.url)),
    '#attempt-tracer': fileURLToPath(
      new URL('./src/internal/transport/trace/no-attempt-tracer.ts', import.meta.url),
    ),
  },
};

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
      resolve: fetchOnly,
      test: {
        name: 'unit (fetch only)',
        include: ['test/**/*.test.ts'],
        // What node:http and the attempt channel add has no meaning where they are absent; the bomb test runs a Node process of
        // its own, which takes both routes whatever this project resolves.
        exclude: [
          'test/contract/**',
          'test/node-transport/**',
          'test/tracing/**',
          'test/response-limits/decompression-bomb.test.ts',
        ],
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
