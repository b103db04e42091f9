// The one error hierarchy of @svc/client and its factory. Every error the package throws is a SvcError.
import { explainErrorBody } from './internal/explain-error-body.js';
import { nameErrors } from './internal/name-errors.js';
import {
  liveSecrets,
  redactErrorChain,
  redactHeaders,
  redactValue,
  redactWith,
  Secrets,
} from './internal/redact.js';
import { parseRetryAfter } from './internal/retry-after.js';
import { requestIdOf } from './request-id.js';

type Inspect = (value: unknown, options?: object) => string;

/**
 * The secrets each error is redacted with: those of the client and call that made it. Kept here, not
 * on the error: nothing reachable from an error (a symbol key, `showHidden`) may hold a secret.
 */
const SECRETS_OF = new WeakMap<object, Secrets>();
const secretsOf = (error: object): readonly string[] => SECRETS_OF.get(error)?.values() ?? liveSecrets();

/** Options of every SvcError: its cause, and the secrets of the client or call that made it. */
export interface SvcErrorOptions {
  cause?: unknown;
  /** @internal */
  secrets?: Secrets | undefined;
}

/** Base class of every error thrown by the client. Messages, stacks, `toJSON` and inspect output are redacted. */
export class SvcError extends Error {
  constructor(message: string, options?: SvcErrorOptions) {
    // Redacted before the stack is captured, so no secret reaches `stack` either.
    // Without the secrets of a call (an error a helper builds), every live client's are used.
    super(redactWith(message, options?.secrets), options);
    if (options?.secrets) SECRETS_OF.set(this, options.secrets);
    // A cause (a parse error quoting the body, a failed fetch) is masked in place, as the message is.
    if (options?.cause !== undefined) redactErrorChain(options.cause, secretsOf(this));
  }

  /** A plain, redacted view: name, message and the error's own fields (never request headers). */
  toJSON(): Record<string, unknown> {
    const { stack: _stack, ...own } = this as Record<string, unknown>;
    return redactValue({ name: this.name, ...own, message: this.message }, secretsOf(this)) as Record<
      string,
      unknown
    >;
  }

  /** Node's `util.inspect` and `console.log` print this instead of the raw object. */
  [Symbol.for('nodejs.util.inspect.custom')](_depth: number, options: object, inspect: Inspect): string {
    const { name: _name, message: _message, ...fields } = this.toJSON();
    let text = this.stack ?? `${this.name}: ${this.message}`;
    if (Object.keys(fields).length > 0) text += ` ${inspect(fields, options)}`;
    if (this.cause !== undefined) text += `\n  [cause]: ${inspect(this.cause, options)}`;
    return redactWith(text, SECRETS_OF.get(this));
  }
}

/**
 * Gives an error the secrets of the client or call it leaves through, re-redacting what it already
 * holds; from then on every rendering of it (message, stack, toJSON, inspect) masks them.
 */
export function withSecrets<E>(error: E, secrets: Secrets): E {
  if (!(error instanceof SvcError)) return error;
  const own = error as unknown as Record<string, unknown>;
  const kept = SECRETS_OF.get(error);
  const merged = kept && kept !== secrets ? new Secrets(secrets) : secrets;
  if (kept && kept !== secrets) for (const value of kept.values()) merged.add(value);
  SECRETS_OF.set(error, merged);
  const list = merged.values();
  error.message = merged.redact(error.message);
  if (typeof error.stack === 'string') error.stack = merged.redact(error.stack);
  // Every field, a subclass's own included (body, detail, headers, request id), and the cause chain.
  for (const key of Object.keys(own))
    own[key] = own[key] instanceof Headers ? redactHeaders(own[key], list) : redactValue(own[key], list);
  redactErrorChain(error.cause, list);
  return error;
}

/**
 * The service answered with a status that is not a success; `body` is the parsed (redacted) error body.
 * The service documents no error body, so the explanation ending the message, `code` and `param` are read from it on a best-effort basis.
 */
export class ApiError extends SvcError {
  readonly status: number;
  /** Response headers (request headers are never kept, so no credential can leak through an error). */
  readonly headers: Headers;
  readonly body: unknown;
  /** The error code the body names (`code`, `error.code`, or the first of `errors[]`/`detail[]`), e.g. `not_found`. */
  readonly code: string | undefined;
  /** The request field the body blames (`param`, `field`, or a `loc` path such as `body.mfa_code`). */
  readonly param: string | undefined;
  /** From the `x-request-id` response header (see REQUEST_ID_HEADER); quote it to support. */
  readonly requestId: string | undefined;

  constructor(status: number, headers: Headers, body: unknown, message: string, secrets?: Secrets) {
    super(message, { secrets });
    const list = secretsOf(this);
    this.status = status;
    this.headers = redactHeaders(headers, list);
    this.body = redactValue(body, list);
    const { code, param } = explainErrorBody(this.body);
    this.code = code;
    this.param = param;
    this.requestId = requestIdOf(this.headers);
  }
}

/** 400 */
export class BadRequestError extends ApiError {}
/** 401: the API key is missing, wrong or revoked. */
export class AuthenticationError extends ApiError {}
/** 403 */
export class PermissionDeniedError extends ApiError {}
/** 404 */
export class NotFoundError extends ApiError {}
/** 409 */
export class ConflictError extends ApiError {}
/** 422: the service refused the input; `detail` holds its validation detail (the body's `detail`, else the body). */
export class UnprocessableEntityError extends ApiError {
  readonly detail: unknown = (this.body as { detail?: unknown } | null)?.detail ?? this.body;
}
/** 429: rate limited; `retryAfterMs` comes from `Retry-After` (seconds or HTTP date). */
export class RateLimitError extends ApiError {
  readonly retryAfterMs: number | undefined = parseRetryAfter(this.headers.get('retry-after'));
}
/** Any 5xx. */
export class InternalServerError extends ApiError {}

/** No response: DNS, refused or reset connection, TLS, CORS. */
export class ConnectionError extends SvcError {}
/** An attempt (request and body read) exceeded `timeoutMs`. A ConnectionError, so one catch covers both. */
export class TimeoutError extends ConnectionError {}
/** The caller's `signal` aborted the call (also during a retry wait). */
export class AbortError extends SvcError {}
/** Bad input caught before sending: nothing was sent. `field` names the offending input. */
export class ValidationError extends SvcError {
  constructor(
    readonly field: string,
    /** What is wrong with the field, without its value: `must be at most 1000 characters (got 1200)`. */
    readonly problem: string,
  ) {
    super(`Invalid ${field}: ${problem}`);
  }
}
/** A success response whose body is not the JSON the operation promises. */
export class ResponseParseError extends SvcError {
  readonly requestId: string | undefined;
  constructor(
    readonly status: number,
    readonly headers: Headers,
    message: string,
    cause?: unknown,
    secrets?: Secrets,
  ) {
    super(message, { cause, secrets });
    this.headers = redactHeaders(headers, secretsOf(this));
    this.requestId = requestIdOf(this.headers);
  }
}

/**
 * The answer was more than the client reads: over `maxResponseBytes` bytes received or decoded, or
 * wrapped in more stacked content codings than a server applies (a decompression bomb's shape). The
 * connection is closed at once and the call is not retried: the same answer would come again.
 */
export class ResponseTooLargeError extends SvcError {
  constructor(
    readonly status: number,
    /** The limit in force for the call: the client's or the call's `maxResponseBytes`. */
    readonly maxResponseBytes: number,
    /** From the `x-request-id` response header; quote it to support. */
    readonly requestId: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

nameErrors({
  SvcError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ValidationError,
  ResponseParseError,
  ResponseTooLargeError,
});

const STATUS_CLASSES: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The service's own words, when its body carries an explanation (see explainErrorBody); never the whole body. */
function summary(body: unknown, secrets: Secrets | undefined): string {
  const { text } = explainErrorBody(body);
  // Redacted before it is cut: a cut through a secret would leave its tail unmasked.
  return text ? `: ${redactWith(text, secrets).slice(0, 200)}` : '';
}

/**
 * The one factory from a failed response to its error class. `what` names the call, e.g.
 * `GET /v2/user/resolve/{client_user_id}`. Redirects are never followed (the API key must not leave
 * the configured origin), so a 3xx (or a browser's opaque redirect, status 0) also lands here.
 */
export function errorFromResponse(
  response: Response,
  body: unknown,
  what: string,
  secrets?: Secrets,
): ApiError {
  const { status } = response;
  const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : ApiError);
  const reason =
    status < 400
      ? `redirect to ${response.headers.get('location') ?? 'another address'} not followed (redirects could carry the API key to another origin)`
      : `${status} ${response.statusText}`.trim();
  return new Class(
    status,
    response.headers,
    body,
    `${what} failed: ${reason}${summary(body, secrets)}`,
    secrets,
  );
}
