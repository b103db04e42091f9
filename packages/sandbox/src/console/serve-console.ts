// The sandbox's console under /_sandbox/console/: a page (HTML, one script, one style sheet and uPlot,
// all read from files of this package when asked for) and the JSON it draws, per world. A world is
// chosen by the fingerprint of its key (the digest the sandbox names worlds by); a key itself is only
// ever sent in a POST body, and never kept. Changes go through the sandbox's own control routes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LIFECYCLE_DIAGRAMS } from '../generated/lifecycle-diagrams.js';
import type { WorldControl } from '../http/handle-request.js';
import { readBytes } from '../http/read-request.js';
import { HttpError } from '../internal/http-error.js';
import { inTurn, type WorldEntry } from '../world/state/runtime.js';
import type { WorldRegistry } from '../world/world-registry.js';
import { CONSOLE_PREFIX } from './console-prefix.js';
import { deliveriesView, MAX_CHART_DAYS, userDays, worldSummary, worldView } from './console-views.js';
import { type PageGuard, refusal } from './page-guard.js';
import { SECURITY_HEADERS } from './security-headers.js';

const require = createRequire(import.meta.url);
const PAGE_DIR = join(dirname(require.resolve('@svc/sandbox/package.json')), 'console');

/** The page's files by path, each read from disk when asked for. */
const ASSETS: Record<string, { file: () => string; type: string }> = {
  '': { file: () => join(PAGE_DIR, 'index.html'), type: 'text/html; charset=utf-8' },
  'console.js': { file: () => join(PAGE_DIR, 'console.js'), type: 'text/javascript; charset=utf-8' },
  'console.css': { file: () => join(PAGE_DIR, 'console.css'), type: 'text/css; charset=utf-8' },
  'uPlot.js': {
    file: () => require.resolve('uplot/dist/uPlot.iife.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'uPlot.css': { file: () => require.resolve('uplot/dist/uPlot.min.css'), type: 'text/css; charset=utf-8' },
};

const answer = (status: number, body: BodyInit | null, type: string) =>
  new Response(body, { status, headers: { ...SECURITY_HEADERS, 'content-type': type } });
const json = (status: number, body: unknown) => answer(status, JSON.stringify(body), 'application/json');
const refuse = (status: number, code: string, message: string) => json(status, { error: { code, message } });

/** Largest body a console request may send (a key, or a clock advance), in bytes. */
const MAX_BODY_BYTES = 65_536;

/** Reads a JSON object body of at most MAX_BODY_BYTES (a larger one is a 413), or undefined. */
async function objectBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const text = new TextDecoder().decode(await readBytes(request, MAX_BODY_BYTES));
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** What the console reads and acts through: a sandbox's worlds, and their control routes by world name. */
export interface ConsoleParts {
  registry: WorldRegistry;
  control: WorldControl;
}

/** The console's request handler, for a sandbox's parts behind a guard. */
export function createConsole({ registry, control }: ConsoleParts, guard: PageGuard) {
  /** Runs a read of a known world in its turn, brought up to its clock first. */
  const read = async <T>(world: string, view: (entry: WorldEntry) => T | Promise<T>): Promise<Response> => {
    if (!registry.hasWorld(world))
      return refuse(404, 'not_found', 'No world has that fingerprint: send a request with its key first.');
    const entry = registry.entry(world);
    return json(
      200,
      await inTurn(entry, async () => {
        await registry.sync(entry);
        return view(entry);
      }),
    );
  };

  /** Passes a change to the world's control route, the way a request with its key would. */
  const act = async (world: string, method: string, route: string, body?: unknown): Promise<Response> => {
    if (!registry.hasWorld(world))
      return refuse(404, 'not_found', 'No world has that fingerprint: send a request with its key first.');
    const response = await control(world, method, route, body);
    return json(response.status, await response.json());
  };

  async function route(request: Request, path: string, query: URLSearchParams): Promise<Response> {
    const { method } = request;
    const asset = ASSETS[path];
    if (asset && method === 'GET') {
      const text = await readFile(asset.file(), 'utf8');
      // The page carries the token its script sends back with every change.
      return answer(200, path === '' ? text.replace('{{token}}', guard.token) : text, asset.type);
    }
    // A world's fingerprint and a user's or event's id are the only variable parts of a route.
    const parts = path.split('/').map(decodeURIComponent);
    const [, , world = '', collection = '', second = ''] = parts;
    const variable = (i: number) =>
      i === 2 || (i === 4 && (collection === 'users' || collection === 'deliveries'));
    const key = `${method} ${parts.map((p, i) => (variable(i) ? ':' : p)).join('/')}`;
    switch (key) {
      case 'GET api/lifecycles':
        return json(
          200,
          Object.fromEntries(
            Object.entries(LIFECYCLE_DIAGRAMS).map(([name, diagram]) => [name, diagram.svg]),
          ),
        );
      case 'GET api/worlds':
        return json(200, {
          worlds: registry.worldNames().map((name) => worldSummary(name, registry.entry(name))),
        });
      case 'POST api/fingerprint': {
        const body = await objectBody(request);
        const apiKey = typeof body?.api_key === 'string' ? body.api_key.trim() : '';
        if (apiKey === '') return refuse(422, 'invalid_request', 'Send { "api_key": "<your key>" }.');
        return json(200, { world: registry.nameOf(apiKey) });
      }
      case 'GET api/worlds/:':
        return read(world, (entry) => worldView(world, entry, registry.clock));
      case 'GET api/worlds/:/deliveries':
        return read(world, deliveriesView);
      case 'GET api/worlds/:/users/:/days': {
        const days = Number(query.get('days') ?? 30);
        if (!Number.isInteger(days) || days < 1 || days > MAX_CHART_DAYS)
          return refuse(422, 'invalid_request', `days must be a whole number from 1 to ${MAX_CHART_DAYS}.`);
        if (!registry.hasWorld(world) || !registry.entry(world).state.users[second])
          return refuse(404, 'not_found', 'No such user in that world.');
        return read(world, (entry) => userDays(entry, second, days));
      }
      case 'POST api/worlds/:/clock/advance': {
        const body = await objectBody(request);
        return act(world, 'POST', 'clock/advance', body ?? {});
      }
      case 'POST api/worlds/:/deliveries/:/resend':
        return act(world, 'POST', `webhooks/deliveries/${encodeURIComponent(second)}/resend`);
      default:
        return refuse(404, 'unknown_route', `${method} ${CONSOLE_PREFIX}${path} is not a console route.`);
    }
  }

  return async (request: Request): Promise<Response> => {
    const reason = refusal(request, guard);
    if (reason !== undefined) return refuse(403, 'forbidden', reason);
    const url = new URL(request.url);
    if (!url.pathname.startsWith(CONSOLE_PREFIX))
      return new Response(null, { status: 308, headers: { ...SECURITY_HEADERS, location: CONSOLE_PREFIX } });
    try {
      return await route(request, url.pathname.slice(CONSOLE_PREFIX.length), url.searchParams);
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, error.toBody());
      return refuse(500, 'sandbox_error', error instanceof Error ? error.message : String(error));
    }
  };
}
