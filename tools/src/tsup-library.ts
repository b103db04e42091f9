import { defineConfig } from 'tsup';

/** The build of every published library package: ESM and CJS with types, from `src/index.ts`. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'es2022',
});
