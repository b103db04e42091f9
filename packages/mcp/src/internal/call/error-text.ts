import {
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  ResponseParseError,
  SvcError,
  ValidationError,
} from '@svc/client';

/** Most characters of the service's error body quoted back to the model. */
const MAX_BODY_CHARS = 2_000;

/**
 * What a model reads when a call fails: the error's class and its message (the client builds it with
 * the service's own words and masks secrets there), the request id to quote to support, and the
 * service's error body. Never a stack: an unexpected failure is named by its class and message only.
 */
export function errorText(error: unknown): string {
  if (error instanceof ValidationError)
    return `${error.name}: ${error.message}. Nothing was sent to the service.`;
  if (!(error instanceof SvcError)) {
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    return `svc-mcp failed (${name}): ${message}`;
  }
  const parts = [`${error.name}: ${error.message}`];
  const requestId =
    error instanceof ApiError || error instanceof ResponseParseError ? error.requestId : undefined;
  if (requestId) parts.push(`Request id: ${requestId}.`);
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    parts.push("The server's API key (SVC_API_KEY) was refused: the operator has to set a valid one.");
  if (error instanceof ApiError && error.body !== undefined && error.body !== null) {
    const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    parts.push(
      `The service's answer: ${body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS)}…` : body}`,
    );
  }
  return parts.join('\n');
}

/** The class name an audit line records for a failure. */
export const errorName = (error: unknown): string => (error instanceof Error ? error.name : 'Error');
