import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bundledSpecPath } from './bundled-spec-path.js';
import { cancelAppointment, cancelOrder } from './handlers/appointments.js';
import { operationHandlers } from './handlers/operation-handlers.js';
import { advanceClock } from './internal/advance-clock.js';
import type { OperationContext, WorldRuntime } from './internal/context.js';
import { CONTROL_PREFIX, controlRoute, type WorldControlsApi } from './internal/control-routes.js';
import { exampleResponse, parsePrefer } from './internal/examples.js';
import { HttpError } from './internal/http-error.js';
import { idempotent } from './internal/idempotency.js';
import { digest } from './internal/random.js';
import { pathSegments, readBody, schemaView } from './internal/read-request.js';
import { SpecIndex } from './internal/spec-index.js';
import type { OpenApiDocument } from './internal/spec-types.js';
import { SpecValidator, type Violation } from './internal/validator.js';
import {
  checkWebhookConfig,
  DEFAULT_RETRY_DELAYS_MS,
  type FetchLike,
  WebhookDispatcher,
} from './internal/webhook-dispatcher.js';
import { addSeconds, createWorld, schedule } from './internal/world.js';
import { TransitionRefusedError } from './machines/lifecycles.js';
import type { Sandbox, SandboxOptions, SandboxWorld } from './sandbox-types.js';
import { isScenario, SCENARIO_HEADER, SCENARIOS } from './scenarios.js';
import type { SandboxEvent, WorldState } from './world-state.js';

export type {
  Sandbox,
  SandboxClock,
  SandboxOptions,
  SandboxState,
  SandboxWebhooks,
  SandboxWorld,
} from './sandbox-types.js';

/** Sandbox time every world starts at, unless `startTime` says otherwise. */
export const DEFAULT_START_TIME = '2026-01-05T09:00:00.000Z';
/** The key whose world the sandbox's top-level controls act on, unless `apiKey` says otherwise. */
export const DEFAULT_API_KEY = 'sk_test_sandbox';

interface WorldEntry {
  state: WorldState;
  dispatcher: WebhookDispatcher;
}

/** Says on every answer that this sandbox's clock moves only when told, so a waiting client can say so. */
const CLOCK_HEADER = 'svc-sandbox-clock';

const json = (status: number, body: unknown, head = false) =>
  new Response(head || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', [CLOCK_HEADER]: 'frozen' },
  });

function checkSnapshot(snapshot: unknown): asserts snapshot is WorldState {
  const s = snapshot as Partial<WorldState> | null;
  const keys = ['users', 'orders', 'appointments', 'parsingJobs', 'idempotency', 'linkTokens'] as const;
  if (
    s?.version !== 1 ||
    typeof s.seed !== 'string' ||
    typeof s.now !== 'string' ||
    Number.isNaN(Date.parse(s.now)) ||
    !Array.isArray(s.timers) ||
    !Array.isArray(s.events) ||
    !keys.every((k) => s[k] !== null && typeof s[k] === 'object')
  )
    throw new HttpError(
      422,
      'invalid_snapshot',
      'This is not a sandbox snapshot (version 1): take one with GET /_sandbox/snapshot.',
    );
}

/**
 * A stateful sandbox of the API, spec-driven: routes and validation come from the bundled OpenAPI
 * document, state moves through the lifecycles on a clock that moves only when told.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  // Non-exhaustive enums are open in the spec itself (anyOf known values or any string): used as is.
  const document = options.spec ?? (JSON.parse(readFileSync(bundledSpecPath(), 'utf8')) as OpenApiDocument);
  const index = new SpecIndex(document);
  const validator = new SpecValidator(document);
  const seed = String(options.seed ?? 'svc-sandbox');
  const startTime = new Date(options.startTime ?? DEFAULT_START_TIME).toISOString();
  const url = (options.url ?? 'http://sandbox.svc.invalid').replace(/\/$/, '');
  const webhookFetch: FetchLike = options.webhookFetch ?? ((request) => globalThis.fetch(request));
  const retryDelays = options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const worlds = new Map<string, WorldEntry>();

  // A one-way hash names each world, so snapshots and state files never hold an API key.
  const worldNames = new Map<string, string>();
  const worldName = (apiKey: string) => {
    let name = worldNames.get(apiKey);
    if (name === undefined) {
      name = createHash('sha256').update(`svc-sandbox-world:${apiKey}`).digest('hex').slice(0, 32);
      worldNames.set(apiKey, name);
    }
    return name;
  };
  const freshWorld = (name: string) => createWorld(`${seed}:${name}`, startTime);

  function entryFor(name: string): WorldEntry {
    let entry = worlds.get(name);
    if (!entry) {
      entry = { state: freshWorld(name), dispatcher: new WebhookDispatcher(webhookFetch, retryDelays) };
      entry.dispatcher.config = options.webhooks;
      worlds.set(name, entry);
    }
    return entry;
  }

  function runtimeOf(entry: WorldEntry): WorldRuntime {
    return {
      get world() {
        return entry.state;
      },
      emit(event) {
        const world = entry.state;
        world.sequence += 1;
        const full: SandboxEvent = {
          id: `msg_${digest(`${world.seed}:event:${world.sequence}`).slice(0, 24)}`,
          event_type: event.event_type,
          created_at: world.now,
          team_id: world.team_id,
          user_id: event.user_id,
          client_user_id: event.client_user_id,
          data: event.data,
        };
        if (options.strict) {
          const problems = validator.event(full.event_type, full);
          if (problems.length > 0)
            throw new Error(
              `the sandbox emitted an invalid ${full.event_type} event: ${JSON.stringify(problems)}`,
            );
        }
        world.events.push(full);
        entry.dispatcher.enqueue(full);
      },
      schedule({ at, ...timer }) {
        schedule(entry.state, typeof at === 'number' ? addSeconds(entry.state.now, at) : at, timer);
      },
    };
  }

  function controlsOf(name: string): SandboxWorld & WorldControlsApi {
    const entry = () => entryFor(name);
    const controls: SandboxWorld & WorldControlsApi = {
      clock: {
        now: () => new Date(entry().state.now),
        advance: (advance) => advanceClock(runtimeOf(entry()), advance),
      },
      webhooks: {
        async configure(config) {
          await checkWebhookConfig(config);
          entry().dispatcher.config = { url: config.url, secret: config.secret };
        },
        deliveries: () => [...entry().dispatcher.deliveries],
        events: () => structuredClone(entry().state.events),
        flush: () => entry().dispatcher.flush(),
      },
      reset() {
        entry().state = freshWorld(name);
      },
      snapshot: () => structuredClone(entry().state),
      restore(snapshot) {
        checkSnapshot(snapshot);
        entry().state = structuredClone(snapshot);
      },
      advance: (advance) => {
        const fired = advanceClock(runtimeOf(entry()), advance);
        return { now: entry().state.now, fired };
      },
      configureWebhooks: (config) => controls.webhooks.configure(config),
      deliveries: () => controls.webhooks.deliveries(),
      now: () => entry().state.now,
      cancelAppointment: (orderId) => cancelAppointment(runtimeOf(entry()), orderId),
      cancelOrder: (orderId) => cancelOrder(runtimeOf(entry()), orderId),
    };
    return controls;
  }

  async function answerOperation(
    request: Request,
    url: URL,
    entry: WorldEntry,
    segments: string[],
    head: boolean,
  ) {
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

    const preference = parsePrefer(request.headers.get('prefer'));
    const handler = operationHandlers[operation.operationId];
    let result: { status: number; body: unknown };
    if (preference.code !== undefined || !handler) {
      result = exampleResponse(document, operation, preference);
    } else {
      const runtime = runtimeOf(entry);
      const context: OperationContext = {
        ...runtime,
        world: entry.state,
        operation,
        operations: index.byId,
        path: match.params,
        query,
        headers: request.headers,
        body: body?.value,
        scenario: scenarioName,
      };
      const header = operation.idempotencyKeyHeader;
      result = header ? await idempotent(context, header, () => handler(context)) : await handler(context);
    }
    if (options.strict) {
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

  async function handle(request: Request): Promise<Response> {
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
      const name = worldName(apiKey);
      const entry = entryFor(name);
      const result = pathname.startsWith(CONTROL_PREFIX)
        ? await controlRoute(request, pathname.slice(CONTROL_PREFIX.length), controlsOf(name))
        : await answerOperation(request, url, entry, segments, head);
      return json(result.status, result.body, head);
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, error.toBody(), head);
      if (error instanceof TransitionRefusedError)
        return json(409, { error: { code: 'transition_not_allowed', message: error.message } }, head);
      return json(
        500,
        { error: { code: 'sandbox_error', message: error instanceof Error ? error.message : String(error) } },
        head,
      );
    }
  }

  const main = controlsOf(worldName(options.apiKey ?? DEFAULT_API_KEY));
  return {
    url,
    apiKeyHeader: index.apiKeyHeader,
    fetch: (input, init) => handle(input instanceof Request && !init ? input : new Request(input, init)),
    clock: main.clock,
    webhooks: main.webhooks,
    reset: main.reset,
    snapshot: main.snapshot,
    restore: main.restore,
    world(apiKey) {
      if (typeof apiKey !== 'string' || apiKey === '')
        throw new TypeError('apiKey must be a non-empty string');
      const { clock, webhooks, reset, snapshot, restore } = controlsOf(worldName(apiKey));
      return { clock, webhooks, reset, snapshot, restore };
    },
    exportState: () => ({
      version: 1,
      worlds: Object.fromEntries([...worlds].map(([name, entry]) => [name, structuredClone(entry.state)])),
    }),
    importState(state) {
      if (state?.version !== 1 || typeof state.worlds !== 'object' || state.worlds === null)
        throw new TypeError('not a sandbox state (version 1)');
      for (const [name, world] of Object.entries(state.worlds)) {
        checkSnapshot(world);
        entryFor(name).state = structuredClone(world);
      }
    },
  };
}
