// The sandbox's console under /_sandbox/console/: a page (HTML, one script, one style sheet and uPlot,
// all read from files of this package when asked for) and the JSON it draws, per world. A world is
// chosen by the fingerprint of its key (the digest the sandbox names worlds by); a key itself is only
// ever sent in a POST body, and never kept. Changes go through the sandbox's own control routes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type PageFile, pageFiles, withToken } from '@svc/server-edge/page-files';
import { PAGE_HEADERS } from '@svc/server-edge/page-headers';
import { HttpError } from '../internal/http-error.js';
import { answer, json, refuse } from './console-answers.js';
import type { ConsoleParts } from './console-parts.js';
import { CONSOLE_PREFIX } from './console-prefix.js';
import { answerConsoleApi } from './console-routes.js';
import { type PageGuard, refusal } from './page-guard.js';
import { worldAccess } from './world-access.js';

const require = createRequire(import.meta.url);
const FILES = pageFiles(
  join(dirname(require.resolve('@svc/sandbox/package.json')), 'console'),
  require.resolve,
);

/** The page's files by path under the console's prefix, each read from disk when asked for. */
const ASSETS: Record<string, PageFile> = { ...FILES, '': FILES['index.html'] };

/** The console's request handler, for a sandbox's parts behind a guard. */
export function createConsole(parts: ConsoleParts, guard: PageGuard) {
  const worlds = worldAccess(parts);

  async function route(request: Request, path: string, query: URLSearchParams): Promise<Response> {
    const asset = ASSETS[path];
    if (!asset || request.method !== 'GET')
      return answerConsoleApi(request, path, query, parts.registry, worlds);
    const text = await readFile(asset.path, 'utf8');
    return answer(200, asset === FILES['index.html'] ? withToken(text, guard.token) : text, asset.type);
  }

  return async (request: Request): Promise<Response> => {
    const reason = refusal(request, guard);
    if (reason !== undefined) return refuse(403, 'forbidden', reason);
    const url = new URL(request.url);
    if (!url.pathname.startsWith(CONSOLE_PREFIX))
      return new Response(null, { status: 308, headers: { ...PAGE_HEADERS, location: CONSOLE_PREFIX } });
    try {
      return await route(request, url.pathname.slice(CONSOLE_PREFIX.length), url.searchParams);
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, error.toBody());
      return refuse(500, 'sandbox_error', error instanceof Error ? error.message : String(error));
    }
  };
}
