// The files of a console page, served from its own origin (no CDN: nothing leaves the machine): the
// package's index.html, console.js and console.css, and uPlot's script and style sheet beside them.
import { join } from 'node:path';

/** A file of the page: where it is on disk, and the content type it is served as. */
export interface PageFile {
  path: string;
  type: string;
}

/** The page's files by the name its index.html loads them under. */
export type PageFiles = Readonly<
  Record<'index.html' | 'console.js' | 'console.css' | 'uplot.js' | 'uplot.css', PageFile>
>;

const HTML = 'text/html; charset=utf-8';
const SCRIPT = 'text/javascript; charset=utf-8';
const STYLE = 'text/css; charset=utf-8';

/**
 * The files of the page in `dir` (the package's `console/` folder); uPlot is found by `resolve` (the
 * serving package's `require.resolve`: uPlot is its dependency, not this package's).
 */
export function pageFiles(dir: string, resolve: (id: string) => string): PageFiles {
  return {
    'index.html': { path: join(dir, 'index.html'), type: HTML },
    'console.js': { path: join(dir, 'console.js'), type: SCRIPT },
    'console.css': { path: join(dir, 'console.css'), type: STYLE },
    'uplot.js': { path: resolve('uplot/dist/uPlot.iife.min.js'), type: SCRIPT },
    'uplot.css': { path: resolve('uplot/dist/uPlot.min.css'), type: STYLE },
  };
}

/** The page's index.html with the per-process token its script sends back with every change. */
export const withToken = (html: string, token: string): string => html.replace('{{token}}', token);
