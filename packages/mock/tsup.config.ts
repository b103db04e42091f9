import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    shims: true,
  },
  // The CLI is ESM only: it uses top-level await and is run as a bin, never required.
  { entry: ['src/cli.ts'], format: ['esm'], target: 'node20', platform: 'node' },
]);
