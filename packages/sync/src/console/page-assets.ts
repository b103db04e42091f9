// The page's files, read once from the package: its own HTML, script and style, and uPlot's, served
// from the console's origin (no CDN: nothing leaves the machine).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pageFiles } from '@svc/server-edge/page-files';

export interface Asset {
  type: string;
  body: Buffer;
}

const require = createRequire(import.meta.url);

/** The package's folder, found the same way from src/ (tests) and from dist/ (a partner's install). */
const packageRoot = () => dirname(require.resolve('@svc/sync/package.json'));

/** Every file the page loads, by path; index.html is a template the server fills with the token. */
export function loadAssets(): { html: string; files: Map<string, Asset> } {
  const { 'index.html': index, ...rest } = pageFiles(join(packageRoot(), 'console'), require.resolve);
  return {
    html: readFileSync(index.path, 'utf8'),
    files: new Map(
      Object.entries(rest).map(([name, { path, type }]) => [`/${name}`, { type, body: readFileSync(path) }]),
    ),
  };
}
