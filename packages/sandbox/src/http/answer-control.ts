import type { ControlContext, ControlOperationId } from '../handlers/control/control-context.js';
import { controlHandlers } from '../handlers/control/control-handlers.js';
import type { HandlerResult } from '../handlers/operation-context.js';
import { webhookEntryOf } from '../openapi/validator.js';
import { sandboxWorld } from '../world/sandbox-world.js';
import type { PipelineParts } from './pipeline-parts.js';
import { checkAnswer, type PreparedRequest, type RouteRules } from './prepare-request.js';
import { MAX_JSON_BYTES } from './read-request.js';

/** Prefix of the sandbox's own routes; outside the public API. */
export const CONTROL_PREFIX = '/_sandbox/';

/** Largest body a control route reads (a snapshot of a busy world), in bytes. */
const MAX_CONTROL_BYTES = 64 * MAX_JSON_BYTES;

/**
 * The control routes: a 404 names them, and every body is read as JSON (their only media type)
 * whatever its content-type, so `curl -d` reaches them as it always has.
 */
export const CONTROL_ROUTE_RULES: RouteRules = {
  noun: 'a sandbox control route',
  bodies: { maxJsonBytes: MAX_CONTROL_BYTES, alwaysJson: true },
};

/** Answers a prepared control request in the world named `name` (in its turn), from the handler table. */
export async function answerControl(
  parts: PipelineParts,
  name: string,
  { operation, params, body }: PreparedRequest,
): Promise<HandlerResult> {
  const handler = controlHandlers[operation.operationId as ControlOperationId] as (
    context: ControlContext<ControlOperationId>,
  ) => HandlerResult | Promise<HandlerResult>;
  const result = await handler({
    controls: sandboxWorld(parts.registry, name, { inRequest: true }),
    // The document's validator has checked both against the operation the handler is typed from.
    path: params as never,
    body: body?.value as never,
    isDocumentedEvent: (eventName) =>
      !eventName.includes('<') && webhookEntryOf(parts.api.document, eventName) !== undefined,
  });
  if (parts.strict) checkAnswer(parts.control, operation, result);
  return result;
}
