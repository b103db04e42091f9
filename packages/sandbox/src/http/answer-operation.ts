import type { HandlerResult, OperationContext } from '../handlers/operation-context.js';
import { operationHandlers } from '../handlers/operation-handlers.js';
import { HttpError } from '../internal/http-error.js';
import { exampleResponse, parsePrefer } from '../openapi/examples.js';
import type { WorldEntry } from '../world/state/runtime.js';
import { isScenario, SCENARIO_HEADER, SCENARIOS, type Scenario } from '../world/state/scenarios.js';
import { idempotent } from './idempotency.js';
import type { PipelineParts } from './pipeline-parts.js';
import { checkAnswer, type PreparedRequest, type RouteRules } from './prepare-request.js';
import { API_BODIES } from './read-request.js';

/** The API's routes: a 404 names the API, bodies are read by their content-type. */
export const API_ROUTE_RULES: RouteRules = { noun: 'an operation of the API', bodies: API_BODIES };

/** The scenario the request's header names, if any; an unknown one is a 422 before any world is touched. */
export function scenarioOf(request: Request): Scenario | undefined {
  const name = request.headers.get(SCENARIO_HEADER) ?? undefined;
  if (name !== undefined && !isScenario(name))
    throw new HttpError(
      422,
      'unknown_scenario',
      `Unknown scenario "${name}"; known: ${Object.keys(SCENARIOS).join(', ')}.`,
    );
  return name;
}

/**
 * Answers a prepared request of the API from the caller's world (in the world's turn): its handler
 * when the sandbox keeps state for the operation and no `Prefer: code` asks otherwise, else the spec's
 * examples.
 */
export async function answerApiOperation(
  parts: PipelineParts,
  request: Request,
  entry: WorldEntry,
  prepared: PreparedRequest & { scenario: Scenario | undefined },
): Promise<HandlerResult> {
  const { document, index } = parts.api;
  const { operation } = prepared;
  const preference = parsePrefer(request.headers.get('prefer'));
  const handler = operationHandlers[operation.operationId];
  let result: HandlerResult;
  if (preference.code !== undefined || !handler) {
    result = exampleResponse(document, operation, preference);
  } else {
    const context: OperationContext = {
      ...parts.registry.runtime(entry),
      world: entry.state,
      operation,
      operations: index.byId,
      path: prepared.params,
      query: prepared.query,
      headers: request.headers,
      body: prepared.body?.value,
      scenario: prepared.scenario,
    };
    const header = operation.idempotencyKeyHeader;
    result = header ? await idempotent(context, header, () => handler(context)) : await handler(context);
  }
  if (parts.strict) checkAnswer(parts.api, operation, result);
  return result;
}
