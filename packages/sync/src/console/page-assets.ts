// The page's files, read once from the package: its own HTML, script and style, and uPlot's, served
// from the console's origin (no CDN: nothing leaves the machine).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Asset {
  type: string;
  body: Buffer;
}

const require = createRequire(import.meta.url);

/** The package's folder, found the same way from src/ (tests) and from dist/ (a partner's install). */
const packageRoot = () => dirname(require.resolve('@svc/sync/package.json'));
const uplotFile = (name: string) => join(dirname(require.resolve('uplot')), name);

/** Every file the page loads, by path; index.html is a template the server fills with the token. */
export function loadAssets(): { html: string; files: Map<string, Asset> } {
  const page = (name: string) => readFileSync(join(packageRoot(), 'console', name));
  return {
    html: page('index.html').toString('utf8'),
    files: new Map<string, Asset>([
      ['/console.js', { type: 'text/javascript; charset=utf-8', body: page('console.js') }],
      ['/console.css', { type: 'text/css; charset=utf-8', body: page('console.css') }],
      [
        '/uplot.js',
        { type: 'text/javascript; charset=utf-8', body: readFileSync(uplotFile('uPlot.iife.min.js')) },
      ],
      ['/uplot.css', { type: 'text/css; charset=utf-8', body: readFileSync(uplotFile('uPlot.min.css')) }],
    ]),
  };
}
