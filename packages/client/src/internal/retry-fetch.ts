import { AbortError, ApiError, ValidationError, withSecrets } from '../errors.js';
import { requestIdOf } from '../request-id.js';
import { sendAttempt } from './attempt.js';
import { backoffDelay } from './backoff.js';
import { type CallState, callStateOf } from './call-state.js';
import { hasControlChar } from './control-chars.js';
import { withinDeadline } from './deadline.js';
import { type Logger, logDebug } from './logger.js';
import { API_KEY_HEADER, Secrets } from './redact.js';
import { parseRetryAfter } from './retry-after.js';
import { neverSent, notProcessed, repeatable } from './retry-safety.js';
import { sleep } from './sleep.js';

/** Statuses worth another attempt; 501 (and every other status) never is. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** A server asking for a longer wait than this gets its error back instead of a silent minute-long stall. */
export const MAX_RETRY_AFTER_MS = 60_000;

export type ApiKey = string | (() => string | Promise<string>);

/** The fetch signature the client calls: a complete Request (method, headers, body, signal, redirect); `init` repeats signal and redirect. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

export interface TransportConfig {
  fetch: FetchLike;
  apiKey: ApiKey;
  /** Base URL; the API key goes only to its origin. */
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  logger?: Logger | undefined;
  /** The idempotency header the user confirmed the service reads; without it POST/PATCH retry only when unprocessed. */
  idempotencyHeader?: string | undefined;
  /** The client's secrets; each call's own are chained to them. Default: the string apiKey alone. */
  secrets?: Secrets;
  /** Jitter source, injectable for tests. */
  random?: () => number;
}

/**
 * The `fetch` handed to openapi-fetch, so retries sit beneath its middleware: adds the API key
 * (same origin only), applies per-attempt timeouts and retries with backoff and Retry-After.
 */
export function createRetryingFetch(config: TransportConfig): (request: Request) => Promise<Response> {
  const { fetch: fetchImpl, apiKey, logger, random } = config;
  const origin = `${new URL(config.baseUrl).origin}/`;
  const clientSecrets = config.secrets ?? new Secrets();
  clientSecrets.add(apiKey);

  async function resolveKey(key: Exclude<ApiKey, string>, secrets: Secrets): Promise<string> {
    const value = await key();
    if (typeof value !== 'string' || value === '')
      throw new ValidationError('apiKey', 'the apiKey function returned no key');
    secrets.add(value);
    if (hasControlChar(value))
      throw new ValidationError('apiKey', 'the apiKey function returned a key with control characters');
    return value;
  }

  return async function retryingFetch(request: Request): Promise<Response> {
    const call = callStateOf(request);
    // A middleware that replaced the Request dropped the call state: the call's secrets live here then.
    const secrets = call?.secrets ?? new Secrets(clientSecrets);
    try {
      return await exchange(request, call, secrets);
    } catch (error) {
      throw withSecrets(error, secrets);
    }
  };

  async function exchange(
    request: Request,
    call: CallState | undefined,
    secrets: Secrets,
  ): Promise<Response> {
    if (call) call.sent = true;
    const signal = call?.signal;
    const what = call?.what ?? `${request.method} ${new URL(request.url).pathname}`;
    const { headers } = request;
    const maxRetries = call?.maxRetries ?? config.maxRetries;
    const timeoutMs = call?.timeoutMs ?? config.timeoutMs;
    if (request.url.startsWith(origin)) {
      // The key lookup (a vault call, say) counts against the call's timeout and its signal.
      const key =
        typeof apiKey === 'string'
          ? apiKey
          : await withinDeadline(resolveKey(apiKey, secrets), signal, timeoutMs, `${what} (apiKey lookup)`);
      headers.set(API_KEY_HEADER, key);
    } else {
      headers.delete(API_KEY_HEADER);
    }
    // send() registered the token given to the call; this catches one a middleware added.
    secrets.addHeaders(headers);

    const retryable = maxRetries > 0;
    // Otherwise (POST, PATCH) only an attempt the service certainly did not process is sent again.
    const anyFailure = repeatable(request.method, headers, config.idempotencyHeader);
    // Buffer the body once only when a retry is possible; every attempt then sends the same bytes.
    const body = retryable && request.body !== null ? await request.arrayBuffer() : undefined;

    for (let retry = 0; ; retry++) {
      const started = logger ? Date.now() : 0;
      let response: Response;
      try {
        response = await sendAttempt(fetchImpl, request, body, signal, timeoutMs, what);
      } catch (error) {
        const again =
          retryable &&
          retry < maxRetries &&
          !(error instanceof AbortError || error instanceof ApiError) &&
          (anyFailure || neverSent(error));
        const delay = again ? backoffDelay(retry, random) : undefined;
        if (logger) log(logger, secrets, request, retry, started, { error: String(error), retryInMs: delay });
        if (delay === undefined) throw error;
        await sleep(delay, signal);
        continue;
      }
      let delay: number | undefined;
      if (retryable && retry < maxRetries && RETRY_STATUSES.has(response.status)) {
        const after = parseRetryAfter(response.headers.get('retry-after'));
        if (anyFailure || notProcessed(response.status, after))
          delay =
            after === undefined
              ? backoffDelay(retry, random)
              : after <= MAX_RETRY_AFTER_MS
                ? after
                : undefined;
      }
      if (logger)
        log(logger, secrets, request, retry, started, {
          status: response.status,
          retryInMs: delay,
          response,
        });
      if (delay === undefined) {
        if (call) call.response = response;
        return response;
      }
      await sleep(delay, signal);
    }
  }
}

function log(
  logger: Logger,
  secrets: Secrets,
  request: Request,
  retry: number,
  started: number,
  outcome: { status?: number; error?: string; retryInMs?: number | undefined; response?: Response },
): void {
  const { response, ...rest } = outcome;
  logDebug(logger, secrets, `svc ${request.method} ${request.url}`, {
    method: request.method,
    url: request.url,
    attempt: retry + 1,
    durationMs: Date.now() - started,
    ...(response && { requestId: requestIdOf(response.headers) }),
    ...rest,
  });
}
