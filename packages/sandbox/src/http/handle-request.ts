import { randomUUID } from 'node:crypto';
import type { OpenApiDocument } from '@svc/spec';
import type { OperationContext } from '../handlers/operation-context.js';
import { operationHandlers } from '../handlers/operation-handlers.js';
import { HttpError, type Violation } from '../internal/http-error.js';
import { TransitionRefusedError } from '../machines/lifecycles.js';
import { exampleResponse, parsePrefer } from '../openapi/examples.js';
import type { SpecIndex } from '../openapi/spec-index.js';
import { type SpecValidator, webhookEntryOf } from '../openapi/validator.js';
import { sandboxWorld } from '../world/sandbox-world.js';
import { inTurn, release, type WorldEntry } from '../world/state/runtime.js';
import { isScenario, SCENARIO_HEADER, SCENARIOS } from '../world/state/scenarios.js';
import type { Undo } from '../world/state/transaction.js';
import type { WorldRegistry } from '../world/world-registry.js';
import { answerControlRoute, CONTROL_PREFIX } from './answer-control-route.js';
import { idempotent } from './idempotency.js';
import type { RateLimiter } from './rate-limit.js';
import { pathSegments, readBody, readBytes, schemaView } from './read-request.js';

/** What the request pipeline serves: the spec, its checks, and the worlds. */
export interface PipelineParts {
  document: OpenApiDocument;
  index: SpecIndex;
  validator: SpecValidator;
  registry: WorldRegistry;
  /** Check every answer against the spec; one that breaks it becomes a 500. */
  strict: boolean;
  /** Saves a change before it is answered; if it throws, the change is undone and the answer is 503. */
  onCommit?: (() => Promise<void> | void) | undefined;
  /** Answers 429 once a world is over its budget; none when rate limits are off. */
  rateLimiter: RateLimiter | undefined;
}

/** The header every answer carries: whether the sandbox's clock is `frozen` or `real`. */
export const CLOCK_HEADER = 'svc-sandbox-clock';
/** The header every answer carries: an id of the request, as the client reads it (`requestId`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Largest body a control route reads (a snapshot of a busy world), in bytes. */
const MAX_CONTROL_BYTES = 64 * 1_048_576;

const json = (status: number, body: unknown, head = false) =>
  new Response(head || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Everything about a request that needs no world: its operation, its checks, its body. */
async function prepareOperation(
  parts: PipelineParts,
  request: Request,
  url: URL,
  segments: string[],
  head: boolean,
) {
  const { index, validator } = parts;
  const match = index.match(head ? 'GET' : request.method, segments);
  if (match === undefined)
    throw new HttpError(
      404,
      'unknown_route',
      `${request.method} ${url.pathname} is not an operation of the API.`,
    );
  if (match === 'method')
    throw new HttpError(405, 'method_not_allowed', `${request.method} is not allowed on ${url.pathname}.`);
  const { operation } = match;
  const query = Object.fromEntries(url.searchParams);
  const headers = Object.fromEntries([...request.headers].map(([k, v]) => [k.toLowerCase(), v]));
  const violations: Violation[] = validator.parameters(operation, {
    path: { ...match.params },
    query: { ...query },
    header: { ...headers },
  });
  const body = await readBody(request, operation);
  if (body) violations.push(...validator.body(operation, body.mediaType, schemaView(body.value)));
  if (violations.length > 0)
    throw new HttpError(
      422,
      'invalid_request',
      'The request does not match the API description.',
      violations,
    );

  const scenarioName = request.headers.get(SCENARIO_HEADER) ?? undefined;
  if (scenarioName !== undefined && !isScenario(scenarioName))
    throw new HttpError(
      422,
      'unknown_scenario',
      `Unknown scenario "${scenarioName}"; known: ${Object.keys(SCENARIOS).join(', ')}.`,
    );

  return { operation, params: match.params, query, body, scenario: scenarioName };
}

/** Answers a prepared request from the caller's world (in the world's turn). */
async function answerOperation(
  parts: PipelineParts,
  request: Request,
  entry: WorldEntry,
  { operation, params, query, body, scenario: scenarioName }: Awaited<ReturnType<typeof prepareOperation>>,
) {
  const { document, index, validator, registry } = parts;
  const preference = parsePrefer(request.headers.get('prefer'));
  const handler = operationHandlers[operation.operationId];
  let result: { status: number; body: unknown };
  if (preference.code !== undefined || !handler) {
    result = exampleResponse(document, operation, preference);
  } else {
    const runtime = registry.runtime(entry);
    const context: OperationContext = {
      ...runtime,
      world: entry.state,
      operation,
      operations: index.byId,
      path: params,
      query,
      headers: request.headers,
      body: body?.value,
      scenario: scenarioName,
    };
    const header = operation.idempotencyKeyHeader;
    result = header ? await idempotent(context, header, () => handler(context)) : await handler(context);
  }
  if (parts.strict) {
    const problems = validator.response(operation, result.status, result.body);
    if (problems.length > 0)
      throw new HttpError(
        500,
        'sandbox_response_invalid',
        `The sandbox's answer to ${operation.operationId} breaks the API description.`,
        problems,
      );
  }
  return result;
}

/**
 * One request's change to a world, kept whole or not at all: if `work` throws, or the save
 * (`onCommit`, the server's `--state`) fails, every step it took is undone, and a failed save
 * answers 503 with its cause. Its events are delivered only once the change is kept.
 */
async function commit<T>(
  parts: PipelineParts,
  entry: WorldEntry,
  method: string,
  work: () => Promise<T>,
): Promise<T> {
  const reads = method === 'GET' || method === 'HEAD';
  const { state } = entry;
  const { sequence, timerSequence } = state;
  const mark = entry.outbox.length;
  const undos: Undo[] = [];
  const undo = () => {
    for (const step of undos.reverse()) step.undo();
    entry.outbox.length = mark;
  };
  let result: T;
  entry.undos = undos;
  try {
    result = await work();
  } catch (error) {
    undo();
    throw error;
  } finally {
    entry.undos = undefined;
  }
  // A read may still change the world (resolving a new user creates it): its counters tell.
  const changed =
    !reads ||
    entry.state !== state ||
    entry.state.sequence !== sequence ||
    entry.state.timerSequence !== timerSequence;
  if (changed && parts.onCommit) {
    try {
      await parts.onCommit();
    } catch (error) {
      undo();
      throw new HttpError(
        503,
        'state_not_saved',
        `The change was undone because it could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  release(entry);
  return result;
}

/**
 * The sandbox's one request pipeline: the caller's world by API key, then a control route or an
 * operation of the spec, and every refusal as the one error body.
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
  const { index, registry } = parts;
  const head = request.method === 'HEAD';
  try {
    const url = new URL(request.url);
    const { pathname } = url;
    const segments = pathSegments(pathname);
    const apiKey = request.headers.get(index.apiKeyHeader)?.trim();
    if (!apiKey)
      throw new HttpError(
        401,
        'missing_api_key',
        `Send your API key in the ${index.apiKeyHeader} header (any non-empty value works in the sandbox).`,
      );
    const name = registry.nameOf(apiKey);
    // Bodies are read before the world's turn: a slow client never holds up its world.
    let work: () => Promise<{ status: number; body: unknown }>;
    if (pathname.startsWith(CONTROL_PREFIX)) {
      const bytes =
        request.method === 'GET' || head ? new Uint8Array() : await readBytes(request, MAX_CONTROL_BYTES);
      work = controlWork(parts, name, request.method, pathname.slice(CONTROL_PREFIX.length), bytes);
    } else {
      // The API's operations count against the rate limit; the sandbox's own control routes never do.
      parts.rateLimiter?.take(name);
      const prepared = await prepareOperation(parts, request, url, segments, head);
      const entry = registry.entry(name);
      work = () => answerOperation(parts, request, entry, prepared);
    }
    return await inWorld(parts, name, request.method, head, work);
  } catch (error) {
    return errorResponse(error, head);
  }
}

/** A control route's work in the world named `name`, to run in its turn. */
function controlWork(parts: PipelineParts, name: string, method: string, route: string, bytes: Uint8Array) {
  const controls = sandboxWorld(parts.registry, name, { inRequest: true });
  const isDocumentedEvent = (eventName: string) =>
    !eventName.includes('<') && webhookEntryOf(parts.document, eventName) !== undefined;
  return () => answerControlRoute(method, route, bytes, controls, isDocumentedEvent);
}

/** Runs `work` in the world's turn, brought up to its clock, as one change kept whole or undone. */
function inWorld(
  parts: PipelineParts,
  name: string,
  method: string,
  head: boolean,
  work: () => Promise<{ status: number; body: unknown }>,
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
 * same route answers, turn and commit (saved before it answers) as a request over HTTP.
 */
export function createWorldControl(parts: PipelineParts): WorldControl {
  return async (name, method, route, body) => {
    try {
      const bytes = new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body));
      return await inWorld(parts, name, method, false, controlWork(parts, name, method, route, bytes));
    } catch (error) {
      return errorResponse(error, false);
    }
  };
}

/** Every refusal as the one error body, `{ error: { code, message, violations? } }`. */
function errorResponse(error: unknown, head: boolean): Response {
  if (error instanceof HttpError) {
    const response = json(error.status, error.toBody(), head);
    for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
    return response;
  }
  if (error instanceof TransitionRefusedError)
    return json(409, { error: { code: 'transition_not_allowed', message: error.message } }, head);
  return json(
    500,
    { error: { code: 'sandbox_error', message: error instanceof Error ? error.message : String(error) } },
    head,
  );
}
