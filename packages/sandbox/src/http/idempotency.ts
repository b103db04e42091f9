import type { HandlerResult, OperationContext } from '../handlers/operation-context.js';
import { HttpError } from '../internal/http-error.js';
import { answerOf, keepAnswer } from '../world/state/answers.js';

/** A stable text of a JSON value (keys sorted), to tell a retried request from a different one. */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${fingerprint((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** Keys whose first request is still running, per world: claimed before anything is awaited. */
const inFlight = new WeakMap<object, Map<string, { print: string; result: Promise<HandlerResult> }>>();

/**
 * Runs `create` once per idempotency key sent in `header` (scoped to the operation and its path): a
 * retry with the same key and body gets the first answer again, also while the first is still
 * running; the same key with another body is refused with 409.
 */
export async function idempotent(
  context: OperationContext,
  header: string,
  create: () => HandlerResult | Promise<HandlerResult>,
): Promise<HandlerResult> {
  const key = context.headers.get(header);
  if (!key) return create();
  const scope = `${context.operation.operationId}:${JSON.stringify(context.path)}:${key}`;
  const print = fingerprint(context.body ?? null);
  const reused = () =>
    new HttpError(
      409,
      'idempotency_key_reused',
      `This ${header} was already used with a different request body; use a new key for a new request.`,
    );
  const seen = answerOf(context, scope);
  if (seen) {
    if (seen.fingerprint !== print) throw reused();
    return { status: seen.status, body: seen.body };
  }
  const running = inFlight.get(context.world) ?? new Map();
  inFlight.set(context.world, running);
  const claimed = running.get(scope);
  if (claimed) {
    if (claimed.print !== print) throw reused();
    return claimed.result;
  }
  const result = (async () => {
    const answer = await create();
    keepAnswer(context, scope, { operation: context.operation.operationId, fingerprint: print, ...answer });
    return answer;
  })();
  running.set(scope, { print, result });
  try {
    return await result;
  } finally {
    running.delete(scope);
  }
}
