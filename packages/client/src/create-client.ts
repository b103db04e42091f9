import type { paths } from '@svc/types';
import openapiFetch, { type Client } from 'openapi-fetch';
import type { ApiKey } from './api-key.js';
import type { Environment, Region } from './environments.js';
import { ValidationError } from './errors.js';
import type { FetchLike } from './fetch-like.js';
import type { NamedMethods } from './generated/named-methods.js';
import { operations } from './generated/operations.js';
import { IDEMPOTENCY_KEY_HEADER } from './headers.js';
import type { HttpAgent } from './http-agent.js';
import { baseUrlOf, baseUrlProblem } from './internal/base-url.js';
import { callOperation, type Routes } from './internal/call/call-operation.js';
import { callPath } from './internal/call/call-path.js';
import { readEnv } from './internal/env.js';
import { checkCallOptions } from './internal/input/check-call-options.js';
import { HEADER_NAME } from './internal/input/header-name.js';
import { keyProblem } from './internal/input/key-problem.js';
import { ClientLog, logLevelOf } from './internal/logger.js';
import { isSecretHeader, registerClientSecrets, Secrets } from './internal/redact.js';
import { directRoute } from './internal/route/direct-route.js';
import type { CoreClient } from './internal/route/openapi-fetch-route.js';
import { isBrowserPage } from './internal/runtime.js';
import { sdkHeaders } from './internal/sdk-headers.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './internal/transport/reply/response-limit.js';
import { createTransport } from './internal/transport/transport.js';
import type { Logger, LogLevel } from './logger.js';
import type { RequestOptions } from './request-options.js';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
export { DEFAULT_MAX_RESPONSE_BYTES };

interface CommonOptions {
  /**
   * Team API key, sent as `x-svc-api-key` to the configured origin only; or a (possibly async)
   * function returning it, called once per call, for rotation. Default: the `SVC_API_KEY`
   * environment variable.
   */
  apiKey?: ApiKey | undefined;
  /**
   * Allow a team API key in a web page. Off by default: a key in a page is readable by every visitor,
   * and it opens your team's health data. Turn it on only for a page that never reaches the public
   * (an internal tool, a test), or send the calls through your own server instead.
   */
  dangerouslyAllowBrowser?: boolean;
  /**
   * A fetch implementation; every call then goes through it. Default: on Node, named methods send over
   * `node:http`/`node:https` (unless the global `fetch` was replaced, by a test's mock for instance),
   * and the typed path client over the global `fetch`; elsewhere, the global `fetch`, looked up at call time.
   */
  fetch?: FetchLike;
  /**
   * The agent of named calls on Node (a proxy agent, custom TLS, socket limits). Default: a keep-alive
   * agent of the client's own, whose idle sockets never keep the process alive. Unused where calls go
   * over fetch.
   */
  httpAgent?: HttpAgent;
  /** Limit of each attempt, body read included (default 60 000 ms). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /**
   * The most bytes of an answer the client reads, received and decoded alike (default 64 MiB); a larger
   * answer rejects with `ResponseTooLargeError` and its connection is closed. Raise it (also per call)
   * only for an answer you expect to be that large.
   */
  maxResponseBytes?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Where log lines go, secrets redacted (default `console`). */
  logger?: Logger;
  /**
   * How much to log (default: the `SVC_LOG` environment variable, else `'warn'`). `'debug'`: every
   * attempt (method, URL, status, attempt, duration, request id); `'info'`: every retry and its wait;
   * `'warn'`: a call that gave up after retrying a 429 or 408; `'error'`: a call that gave up after
   * retrying a 5xx or a failed connection; `'off'`: nothing.
   */
  logLevel?: LogLevel;
  /**
   * The header the service reads idempotency keys from, once you have confirmed it (e.g.
   * `'Idempotency-Key'`). Keys are then sent under this name and a keyed POST or PATCH is retried
   * after any retryable failure. Without it, keys go as `Idempotency-Key`, but a POST or PATCH is
   * retried only when the service certainly did not process it, so a retry can never duplicate an order.
   */
  idempotencyHeader?: string;
  /**
   * Allow a plain `http:` `baseUrl` to a host other than this machine. Off by default: over plain
   * http the API key and your users' health data travel unencrypted. Loopback (`localhost`,
   * `127.0.0.0/8`, `::1`) is always allowed; turn this on only for a network you trust end to end.
   */
  allowInsecureHttp?: boolean;
}

/**
 * Where to send requests: an explicit `baseUrl` wins over `environment` (default production) +
 * `region`, which win over the `SVC_BASE_URL` environment variable.
 */
export type ClientOptions = CommonOptions & {
  baseUrl?: string | undefined;
  environment?: Environment | undefined;
  region?: Region | undefined;
};

type PathMethods = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/**
 * openapi-fetch's typed path client (`client.GET('/v2/user/resolve/{client_user_id}', …)`), resolving
 * `{ data, error, response }`, plus middleware registration. Per-call `signal`, `timeoutMs`,
 * `maxRetries`, `maxResponseBytes` and `idempotencyKey` are accepted in its init object.
 */
export type PathClient = Pick<Client<paths>, PathMethods | 'use' | 'eject'>;

/** The Svc client: named methods (resolve with data, throw typed errors) and the typed path client. */
export type SvcClient = PathClient & NamedMethods;

export type { RequestOptions };

/** The API key and base URL the options give; a ValidationError for any option that cannot be used. */
function checkOptions(
  options: ClientOptions,
  timeoutMs: number,
  maxRetries: number,
): { apiKey: ApiKey; baseUrl: string } {
  const { maxResponseBytes } = options;
  const apiKey = options.apiKey ?? readEnv('SVC_API_KEY');
  if (apiKey === undefined)
    throw new ValidationError(
      'apiKey',
      'is missing: pass createClient({ apiKey }) or set the SVC_API_KEY environment variable',
    );
  if (!(typeof apiKey === 'function' || (typeof apiKey === 'string' && apiKey !== ''))) {
    throw new ValidationError('apiKey', 'must be a non-empty string or a function returning one');
  }
  // Health data: a team key in a page is readable by every visitor (openai-node's convention).
  if (isBrowserPage() && options.dangerouslyAllowBrowser !== true)
    throw new ValidationError(
      'dangerouslyAllowBrowser',
      'a team API key in a web page is readable by every visitor; call the API from your server, ' +
        'or pass dangerouslyAllowBrowser: true for a page that never reaches the public',
    );
  const keyIssue = typeof apiKey === 'string' ? keyProblem(apiKey) : undefined;
  if (keyIssue) throw new ValidationError('apiKey', `must not contain ${keyIssue}`);
  const baseUrl = baseUrlOf(options);
  const problem = baseUrlProblem(baseUrl, options.allowInsecureHttp === true);
  if (problem) throw new ValidationError('baseUrl', problem);
  checkCallOptions({ timeoutMs, maxRetries, maxResponseBytes });
  const { idempotencyHeader, httpAgent } = options;
  if (httpAgent !== undefined && typeof (httpAgent as Partial<HttpAgent> | null)?.destroy !== 'function')
    throw new ValidationError('httpAgent', 'must be an http(s).Agent');
  if (
    idempotencyHeader !== undefined &&
    !(
      typeof idempotencyHeader === 'string' &&
      HEADER_NAME.test(idempotencyHeader) &&
      !isSecretHeader(idempotencyHeader)
    )
  )
    throw new ValidationError('idempotencyHeader', 'must be a header name such as Idempotency-Key');
  return { apiKey, baseUrl };
}

/**
 * Creates a client. Options left out come from the environment where there is one: `SVC_API_KEY`,
 * `SVC_BASE_URL`, `SVC_LOG`. Throws ValidationError for unusable options (the API key is never echoed).
 */
export function createClient(options: ClientOptions = {}): SvcClient {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, maxRetries = DEFAULT_MAX_RETRIES, maxResponseBytes } = options;
  const { apiKey, baseUrl } = checkOptions(options, timeoutMs, maxRetries);
  const { idempotencyHeader, httpAgent } = options;
  // This client's secrets, owned by it alone: no other client can push them out.
  const secrets = new Secrets();
  secrets.add(apiKey);
  secrets.addHeaders(options.headers);
  registerClientSecrets(secrets);
  const logger = options.logger ?? console;
  const level = logLevelOf(options.logLevel, readEnv('SVC_LOG'), logger);
  const log = new ClientLog(logger, level);
  // The SDK headers first, so the caller's headers can override them; computed once for both paths.
  const headers = { ...sdkHeaders(), ...options.headers };

  // openapi-fetch's CJS build exports `default` without an ESM wrapper Node would unwrap: in our CJS
  // build the default import is that exports object, so take its `default` when present.
  const createFetchClient =
    (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;
  const transport = createTransport({
    fetch: options.fetch,
    apiKey,
    baseUrl,
    timeoutMs,
    maxRetries,
    maxResponseBytes,
    // Nothing is logged (nor built) for a client set to 'off'.
    logger: level === 'off' ? undefined : log,
    idempotencyHeader,
    secrets,
    httpAgent,
  });
  // Made on first use (the typed path client, middleware): openapi-fetch reads the global Request when
  // made, which loads Node's fetch implementation (about 17 ms), and named calls over node:http never need it.
  let made: Client<paths> | undefined;
  const core = (): Client<paths> =>
    (made ??= createFetchClient<paths>({
      baseUrl,
      headers,
      // Never follow redirects: a cross-origin one would forward the api-key header.
      redirect: 'manual',
      fetch: transport.fetchRequest,
    }));
  const context = {
    secrets,
    idempotencyHeader: idempotencyHeader ?? IDEMPOTENCY_KEY_HEADER,
    timeoutMs,
    maxRetries,
    maxResponseBytes: maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  const middleware: unknown[] = [];
  const routes: Routes = {
    core: { ...context, request: (...args) => (core() as unknown as CoreClient).request(...args) },
    direct: directRoute(baseUrl, headers, transport, context),
    middleware,
  };
  const use: PathClient['use'] = (...added) => {
    // One at a time, so the mirror holds exactly what openapi-fetch accepted if one is refused.
    for (const item of added) {
      core().use(item);
      if (item) middleware.push(item);
    }
  };
  const eject: PathClient['eject'] = (...removed) => {
    core().eject(...removed);
    for (const item of removed) {
      const index = middleware.indexOf(item);
      if (index !== -1) middleware.splice(index, 1);
    }
  };
  return methodsOf(routes, { use, eject });
}

/** The client's methods: the typed path client's, then one per operation. */
function methodsOf(routes: Routes, client: Record<string, unknown>): SvcClient {
  for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'PATCH']) {
    client[method] = (path: string, init?: Record<string, unknown>) =>
      callPath(routes.core, method, path, init);
  }
  for (const operation of operations) {
    client[operation.id] = (params?: Record<string, unknown>, requestOptions?: RequestOptions) =>
      callOperation(routes, operation, params, requestOptions);
  }
  return client as unknown as SvcClient;
}
