import { randomUUID } from 'node:crypto';
// Every answer carries an id of the request, under the header the client reads it from (`requestId`).
import { REQUEST_ID_HEADER } from '@svc/client';
import type { HandlerResult } from '../handlers/operation-context.js';
import { HttpError } from '../internal/http-error.js';
import { inTurn } from '../world/state/runtime.js';
import { answerControl, CONTROL_PREFIX, CONTROL_ROUTE_RULES } from './answer-control.js';
import { API_ROUTE_RULES, answerApiOperation, scenarioOf } from './answer-operation.js';
import { commit } from './commit.js';
import type { PipelineParts } from './pipeline-parts.js';
import { prepareRequest } from './prepare-request.js';
import { pathSegments } from './read-request.js';
import { httpErrorOf } from './refusal-status.js';

/** The header every answer carries: whether the sandbox's clock is `frozen` or `real`. */
export const CLOCK_HEADER = 'svc-sandbox-clock';

const json = (status: number, body: unknown, head = false) =>
  new Response(head || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The sandbox's one request pipeline: the caller's world by API key; then the route's operation by
 * the index of its document (the API's, or control-openapi.yaml under `/_sandbox/`), its request
 * checked by that document's validator; then its handler in the world's turn, kept whole or undone;
 * and every refusal as the one error body.
 */
export function createRequestHandler(parts: PipelineParts): (request: Request) => Promise<Response> {
  const { registry } = parts;
  return async function handle(request) {
    const response = await answer(parts, request);
    response.headers.set(CLOCK_HEADER, registry.clock);
    response.headers.set(REQUEST_ID_HEADER, `req_${randomUUID().replace(/-/g, '')}`);
    return response;
  };
}

async function answer(parts: PipelineParts, request: Request): Promise<Response> {
  const head = request.method === 'HEAD';
  try {
    const url = new URL(request.url);
    const segments = pathSegments(url.pathname);
    const apiKey = request.headers.get(parts.apiKeyHeader)?.trim();
    if (!apiKey)
      throw new HttpError(
        401,
        'missing_api_key',
        `Send your API key in the ${parts.apiKeyHeader} header (any non-empty value works in the sandbox).`,
      );
    const name = parts.registry.nameOf(apiKey);
    // Bodies are read before the world's turn: a slow client never holds up its world.
    const work = url.pathname.startsWith(CONTROL_PREFIX)
      ? await controlWork(parts, name, request, url, segments)
      : await operationWork(parts, name, request, url, segments);
    return await inWorld(parts, name, request.method, head, work);
  } catch (error) {
    return errorResponse(error, head);
  }
}

/** A request of the API, prepared: its work in the world named `name`, to run in its turn. */
async function operationWork(
  parts: PipelineParts,
  name: string,
  request: Request,
  url: URL,
  segments: readonly string[],
) {
  // The API's operations count against the rate limit; the sandbox's own control routes never do.
  parts.rateLimiter?.take(name);
  const prepared = await prepareRequest(parts.api, API_ROUTE_RULES, request, url, segments);
  const scenario = scenarioOf(request);
  const entry = parts.registry.entry(name);
  return () => answerApiOperation(parts, request, entry, { ...prepared, scenario });
}

/** A control request, prepared the same way from the control document: its work in the world named `name`. */
async function controlWork(
  parts: PipelineParts,
  name: string,
  request: Request,
  url: URL,
  segments: readonly string[],
) {
  const prepared = await prepareRequest(parts.control, CONTROL_ROUTE_RULES, request, url, segments);
  return () => answerControl(parts, name, prepared);
}

/** Runs `work` in the world's turn, brought up to its clock, as one change kept whole or undone. */
function inWorld(
  parts: PipelineParts,
  name: string,
  method: string,
  head: boolean,
  work: () => Promise<HandlerResult>,
): Promise<Response> {
  const { registry } = parts;
  const entry = registry.entry(name);
  return inTurn(entry, async () => {
    await registry.sync(entry);
    // The answer is serialised inside the change: nothing that can throw runs once it is kept.
    return commit(parts, entry, method, async () => {
      const { status, body } = await work();
      const response = json(status, body, head);
      // The world's clock is the service's clock: a caller that reads `Date` learns the sandbox's time.
      response.headers.set('date', new Date(entry.state.now).toUTCString());
      return response;
    });
  });
}

/** Answers a control route (`clock/advance`, …) in the world named `name`, as if its key had sent it. */
export type WorldControl = (name: string, method: string, route: string, body?: unknown) => Promise<Response>;

/**
 * The control routes by world name rather than key, for the console (which never holds a key): the
 * same index, checks, handler, turn and commit (saved before it answers) as a request over HTTP.
 */
export function createWorldControl(parts: PipelineParts): WorldControl {
  return async (name, method, route, body) => {
    try {
      const url = new URL(`${CONTROL_PREFIX}${route}`, 'http://sandbox.invalid');
      const request = new Request(url, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const work = await controlWork(parts, name, request, url, pathSegments(url.pathname));
      return await inWorld(parts, name, method, false, work);
    } catch (error) {
      return errorResponse(error, false);
    }
  };
}

/** Every refusal as the one error body, `{ error: { code, message, violations? } }`. */
export function errorResponse(error: unknown, head: boolean): Response {
  const refusal = httpErrorOf(error);
  if (refusal) {
    const response = json(refusal.status, refusal.toBody(), head);
    for (const [name, value] of Object.entries(refusal.headers ?? {})) response.headers.set(name, value);
    return response;
  }
  return json(
    500,
    { error: { code: 'sandbox_error', message: error instanceof Error ? error.message : String(error) } },
    head,
  );
}
