import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '@svc/spec';
import { headerParameterName } from '@svc/spec/header-parameter-name';
import { shippedSpecPath } from '@svc/spec/shipped-spec-path';
import { sandboxControls } from './control-client.js';
import { CONTROL_DOCUMENT } from './generated/control-document.js';
import { createRequestHandler, createWorldControl } from './http/handle-request.js';
import type { PipelineParts, ServedDocument } from './http/pipeline-parts.js';
import { checkRateLimit, RateLimiter } from './http/rate-limit.js';
import { parseIsoTime } from './internal/parse-iso-time.js';
import { SpecIndex } from './openapi/spec-index.js';
import { SpecValidator } from './openapi/validator.js';
import { keepInternals } from './sandbox-internals.js';
import type { Sandbox, SandboxOptions } from './sandbox-types.js';
import { DEFAULT_RETRY_DELAYS_MS } from './webhooks/webhook-dispatcher.js';
import { sandboxWorld } from './world/sandbox-world.js';
import { type ClockMode, WorldRegistry } from './world/world-registry.js';

export type { Sandbox, SandboxOptions } from './sandbox-types.js';

/** Sandbox time every world starts at on a frozen clock, unless `startTime` says otherwise. */
export const DEFAULT_START_TIME = '2026-01-05T09:00:00.000Z';

import { DEFAULT_HISTORY_DAYS } from './world/state/new-world.js';

export { DEFAULT_HISTORY_DAYS };

/** Longest history a world may be given: ten years. */
const MAX_HISTORY_DAYS = 3_660;

/** Where a new world starts: `startTime` when given, the fixed default on a frozen clock, else the wall clock. */
function startTimeOf(options: SandboxOptions, clock: ClockMode): string | undefined {
  if (options.startTime === undefined) return clock === 'frozen' ? DEFAULT_START_TIME : undefined;
  const { startTime } = options;
  const time = startTime instanceof Date ? startTime.getTime() : parseIsoTime(String(startTime));
  if (time === undefined || Number.isNaN(time))
    throw new TypeError('startTime must be a date-time (ISO 8601) or a Date');
  return new Date(time).toISOString();
}

function clockOf(options: SandboxOptions): ClockMode {
  const clock = options.clock ?? 'frozen';
  if (clock !== 'frozen' && clock !== 'real') throw new TypeError("clock must be 'frozen' or 'real'");
  return clock;
}

function historyDaysOf(options: SandboxOptions): number {
  const days = options.historyDays ?? DEFAULT_HISTORY_DAYS;
  if (!Number.isInteger(days) || days < 0 || days > MAX_HISTORY_DAYS)
    throw new TypeError(`historyDays must be a whole number of days from 0 to ${MAX_HISTORY_DAYS}`);
  return days;
}

/** A document the pipeline answers, indexed and with its validator. */
const served = (document: OpenApiDocument): ServedDocument => ({
  document,
  index: new SpecIndex(document),
  validator: new SpecValidator(document),
});

let control: ServedDocument | undefined;
/** The control API, the same for every sandbox of the process: indexed, and its checks compiled, once. */
const controlDocument = () => {
  control ??= served(CONTROL_DOCUMENT);
  return control;
};

/** The key whose world the sandbox's top-level controls act on, unless `apiKey` says otherwise. */
export const DEFAULT_API_KEY = 'sk_test_sandbox';

/**
 * A stateful sandbox of the API, spec-driven: routes and validation come from the bundled OpenAPI
 * document, state moves through the lifecycles on a clock that moves only when told. This function
 * wires the rooms together: the spec (`openapi/`), the worlds (`world/`), the pipeline (`http/`).
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  // Non-exhaustive enums are open in the spec itself (anyOf known values or any string): used as is.
  const document: OpenApiDocument =
    options.spec ?? JSON.parse(readFileSync(shippedSpecPath(import.meta.url), 'utf8'));
  const api = served(document);
  const { validator } = api;
  const clock = clockOf(options);
  const registry = new WorldRegistry({
    seed: String(options.seed ?? 'svc-sandbox'),
    clock,
    startTime: startTimeOf(options, clock),
    historyDays: historyDaysOf(options),
    webhookFetch: options.webhookFetch ?? ((request) => globalThis.fetch(request)),
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    webhooks: options.webhooks,
    checkEvent: options.strict
      ? (event) => {
          const problems = validator.event(event.event_type, event);
          if (problems.length > 0)
            throw new Error(
              `the sandbox emitted an invalid ${event.event_type} event: ${JSON.stringify(problems)}`,
            );
        }
      : undefined,
  });
  const parts: PipelineParts = {
    api,
    control: controlDocument(),
    // The spec states the key as its shared `apiKey` header parameter, which every operation requires.
    apiKeyHeader: headerParameterName(document, 'apiKey'),
    registry,
    strict: options.strict === true,
    rateLimiter: options.rateLimit ? new RateLimiter(checkRateLimit(options.rateLimit)) : undefined,
    onCommit: options.onCommit,
  };
  const handle = createRequestHandler(parts);

  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const main = sandboxWorld(registry, registry.nameOf(apiKey));
  const url = (options.url ?? 'https://sandbox.svc.invalid').replace(/\/$/, '');
  const sandbox: Sandbox = {
    url,
    controls: sandboxControls({ baseUrl: url, apiKey, fetch: handle, apiKeyHeader: parts.apiKeyHeader }),
    apiKeyHeader: parts.apiKeyHeader,
    fetch: (input, init) => handle(input instanceof Request && !init ? input : new Request(input, init)),
    clock: main.clock,
    webhooks: main.webhooks,
    reset: main.reset,
    snapshot: main.snapshot,
    restore: main.restore,
    world(apiKey) {
      if (typeof apiKey !== 'string' || apiKey === '')
        throw new TypeError('apiKey must be a non-empty string');
      const { clock, webhooks, reset, snapshot, restore } = sandboxWorld(registry, registry.nameOf(apiKey));
      return { clock, webhooks, reset, snapshot, restore };
    },
    exportState: () => registry.exportState(),
    importState: (state) => registry.importState(state),
  };
  keepInternals(sandbox, { registry, control: createWorldControl(parts) });
  return sandbox;
}
