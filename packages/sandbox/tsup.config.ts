import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts', 'src/msw.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    shims: true,
    external: ['msw'],
  },
  // The CLI is ESM only: it is run as a bin, never required.
  { entry: ['src/cli.ts'], format: ['esm'], target: 'node20', platform: 'node' },
]);
