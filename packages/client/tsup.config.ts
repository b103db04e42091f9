import library from '@svc/tools/tsup';
import { defineConfig, type Options } from 'tsup';

// One source, two builds (the `exports` map picks one): `#node-http` resolves to the node:http
// transport only in the build for Node, so browsers, workers, Deno, Bun and workerd get fetch alone.
const base = library as Options;
export default defineConfig([
  // Leaves dist/node/ to the build below, which runs beside it.
  { ...base, platform: 'neutral', clean: ['!node/**'] },
  { ...base, platform: 'node', outDir: 'dist/node', dts: false, clean: true },
]);
