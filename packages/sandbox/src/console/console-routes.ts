import { LIFECYCLE_DIAGRAMS } from '../generated/lifecycle-diagrams.js';
import { pathSegments } from '../http/read-request.js';
import type { WorldRegistry } from '../world/world-registry.js';
import { json, objectBody, refuse } from './console-answers.js';
import { CONSOLE_PREFIX } from './console-prefix.js';
import { deliveriesView, MAX_CHART_DAYS, userDays, worldSummary, worldView } from './console-views.js';
import type { WorldAccess } from './world-access.js';

/**
 * A console route by its shape (`GET api/worlds/:/users/:/days`) and its variable parts: a world's
 * fingerprint and a user's or event's id are the only ones. Bad percent-encoding throws the
 * `HttpError` 400 `bad_path_encoding`.
 */
export function routeOf(method: string, path: string) {
  // Decoded as the API's paths are: a bad escape is the same 400 bad_path_encoding, never a crash.
  const parts = pathSegments(`/${path}`);
  const [, , world = '', collection = '', second = ''] = parts;
  const variable = (i: number) =>
    i === 2 || (i === 4 && (collection === 'users' || collection === 'deliveries'));
  return { key: `${method} ${parts.map((p, i) => (variable(i) ? ':' : p)).join('/')}`, world, second };
}

const lifecycleSvgs = () =>
  Object.fromEntries(Object.entries(LIFECYCLE_DIAGRAMS).map(([name, diagram]) => [name, diagram.svg]));

async function fingerprint(request: Request, registry: WorldRegistry): Promise<Response> {
  const body = await objectBody(request);
  const apiKey = typeof body?.api_key === 'string' ? body.api_key.trim() : '';
  if (apiKey === '') return refuse(422, 'invalid_request', 'Send { "api_key": "<your key>" }.');
  return json(200, { world: registry.nameOf(apiKey) });
}

async function chartDays(
  registry: WorldRegistry,
  worlds: WorldAccess,
  world: string,
  user: string,
  query: URLSearchParams,
): Promise<Response> {
  const days = Number(query.get('days') ?? 30);
  if (!Number.isInteger(days) || days < 1 || days > MAX_CHART_DAYS)
    return refuse(422, 'invalid_request', `days must be a whole number from 1 to ${MAX_CHART_DAYS}.`);
  if (!registry.hasWorld(world) || !registry.entry(world).state.users[user])
    return refuse(404, 'not_found', 'No such user in that world.');
  return worlds.read(world, (entry) => userDays(entry, user, days));
}

/** Answers the JSON routes the page draws from and acts through. */
export async function answerConsoleApi(
  request: Request,
  path: string,
  query: URLSearchParams,
  registry: WorldRegistry,
  worlds: WorldAccess,
): Promise<Response> {
  const { key, world, second } = routeOf(request.method, path);
  switch (key) {
    case 'GET api/lifecycles':
      return json(200, lifecycleSvgs());
    case 'GET api/worlds':
      return json(200, {
        worlds: registry.worldNames().map((name) => worldSummary(name, registry.entry(name))),
      });
    case 'POST api/fingerprint':
      return fingerprint(request, registry);
    case 'GET api/worlds/:':
      return worlds.read(world, (entry) => worldView(world, entry, registry.clock));
    case 'GET api/worlds/:/deliveries':
      return worlds.read(world, deliveriesView);
    case 'GET api/worlds/:/users/:/days':
      return chartDays(registry, worlds, world, second, query);
    case 'POST api/worlds/:/clock/advance':
      return worlds.act(world, 'POST', 'clock/advance', (await objectBody(request)) ?? {});
    case 'POST api/worlds/:/deliveries/:/resend':
      return worlds.act(world, 'POST', `webhooks/deliveries/${encodeURIComponent(second)}/resend`);
    default:
      return refuse(
        404,
        'unknown_route',
        `${request.method} ${CONSOLE_PREFIX}${path} is not a console route.`,
      );
  }
}
