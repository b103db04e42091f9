// Bundles page/main.ts for browsers with esbuild, the way a partner's bundler would, into dist/.
// `platform: 'browser'` makes any Node built-in a build error; the metafile check names it if one slips in.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
const result = await build({
  entryPoints: ['page/main.ts'],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  outfile: 'dist/main.js',
  metafile: true,
  logLevel: 'warning',
});
const nodeOnly = Object.keys(result.metafile.inputs).filter((input) => input.startsWith('node:'));
if (nodeOnly.length > 0) {
  process.stderr.write(`The browser bundle imports Node-only modules: ${nodeOnly.join(', ')}\n`);
  process.exit(1);
}
copyFileSync('page/index.html', 'dist/index.html');
const bytes = result.metafile.outputs['dist/main.js']?.bytes ?? 0;
process.stdout.write(
  `dist/main.js: ${bytes} bytes from ${Object.keys(result.metafile.inputs).length} modules\n`,
);
