import type { ApiKey } from '../../api-key.js';
import { AbortError, ApiError, ValidationError, withSecrets } from '../../errors.js';
import type { FetchLike } from '../../fetch-like.js';
import { API_KEY_HEADER } from '../../headers.js';
import { requestIdOf } from '../../request-id.js';
import { keyProblem } from '../input/key-problem.js';
import type { ClientLog } from '../logger.js';
import { Secrets } from '../redact.js';
import { parseRetryAfter } from '../retry-after.js';
import { type AttemptFetch, sendAttempt } from './attempt.js';
import { backoffDelay } from './backoff.js';
import { type CallState, callStateOf } from './call-state.js';
import { withinDeadline } from './deadline.js';
import { neverSent, notProcessed, repeatable } from './retry-safety.js';
import { sleep } from './sleep.js';

/** Statuses worth another attempt; 501 (and every other status) never is. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** A server asking for a longer wait than this gets its error back instead of a silent minute-long stall. */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface TransportConfig {
  /** The fetch given to `createClient`; absent: the global `fetch` (named methods call it as `fetch(url, init)`). */
  fetch?: FetchLike | undefined;
  apiKey: ApiKey;
  /** Base URL; the API key goes only to its origin. */
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  /** Absent for a client set to `'off'`; see log() below for what each level gets. */
  logger?: ClientLog | undefined;
  /** The idempotency header the user confirmed the service reads; without it POST/PATCH retry only when unprocessed. */
  idempotencyHeader?: string | undefined;
  /** The client's secrets; each call's own are chained to them. Default: the string apiKey alone. */
  secrets?: Secrets;
  /** Jitter source, injectable for tests. */
  random?: () => number;
}

/** A request of a named method, serialized but not built: the fetch builds the only `Request`. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | undefined;
}

export interface Transport {
  /** The `fetch` handed to openapi-fetch (typed path client, middleware), beneath its middleware. */
  fetchRequest(request: Request): Promise<Response>;
  /** Named methods' path: one `fetch(url, init)` per attempt, no Request of ours in between. */
  send(outgoing: Outgoing, call: CallState): Promise<Response>;
}

const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
const MANUAL = 'manual' as const;

/**
 * Adds the API key (same origin only), applies per-attempt timeouts and retries with backoff and
 * Retry-After, for both ways in: a Request from openapi-fetch, or a named method's outgoing request.
 * `redirect: 'manual'` everywhere: a followed cross-origin redirect would carry the api-key along.
 */
export function createTransport(config: TransportConfig): Transport {
  const { fetch: fetchImpl, apiKey, logger, random } = config;
  const origin = `${new URL(config.baseUrl).origin}/`;
  const clientSecrets = config.secrets ?? new Secrets();
  clientSecrets.add(apiKey);

  async function resolveKey(key: Exclude<ApiKey, string>): Promise<string> {
    const value = await key();
    if (typeof value !== 'string' || value === '')
      throw new ValidationError('apiKey', 'the apiKey function returned no key');
    // The client's, not only the call's: a key rotated out may be echoed by a later answer.
    clientSecrets.add(value);
    const problem = keyProblem(value);
    if (problem) throw new ValidationError('apiKey', `the apiKey function returned a key with ${problem}`);
    return value;
  }

  /** Sets the key, reads the call's limits and runs the attempts; errors come out redacted. */
  async function exchange(
    method: string,
    url: string,
    headers: Headers,
    hasBody: boolean,
    call: CallState | undefined,
    buffer: () => Promise<ArrayBuffer>,
    attempt: (body: ArrayBuffer | undefined) => AttemptFetch,
  ): Promise<Response> {
    // A middleware that replaced the Request dropped the call state: the call's secrets live here then.
    const secrets = call?.secrets ?? new Secrets(clientSecrets);
    try {
      if (call) call.sent = true;
      const signal = call?.signal;
      const what = call?.what ?? `${method} ${new URL(url).pathname}`;
      const maxRetries = call?.maxRetries ?? config.maxRetries;
      const timeoutMs = call?.timeoutMs ?? config.timeoutMs;
      if (url.startsWith(origin)) {
        // The key lookup (a vault call, say) counts against the call's timeout and its signal.
        const key =
          typeof apiKey === 'string'
            ? apiKey
            : await withinDeadline(resolveKey(apiKey), signal, timeoutMs, `${what} (apiKey lookup)`);
        headers.set(API_KEY_HEADER, key);
      } else {
        headers.delete(API_KEY_HEADER);
      }
      // send() registered the headers given to the call; this catches one a middleware added.
      if (!call?.direct) secrets.addHeaders(headers);

      const retryable = maxRetries > 0;
      // Otherwise (POST, PATCH) only an attempt the service certainly did not process is sent again.
      const anyFailure = repeatable(method, headers, config.idempotencyHeader);
      // Buffer the body once only when a retry is possible; every attempt then sends the same bytes.
      const fetchOnce = attempt(retryable && hasBody ? await buffer() : undefined);
      // Below debug, only a retry or a give-up is logged: a first attempt that ends the call costs nothing.
      const debug = logger?.enabled('debug') === true;

      for (let retry = 0; ; retry++) {
        const started = debug ? Date.now() : 0;
        let response: Response;
        try {
          response = await sendAttempt(fetchOnce, signal, timeoutMs, what);
        } catch (error) {
          const again =
            retryable &&
            retry < maxRetries &&
            !(error instanceof AbortError || error instanceof ApiError) &&
            (anyFailure || neverSent(error));
          const delay = again ? backoffDelay(retry, random) : undefined;
          if (logger && (debug || delay !== undefined || retry > 0))
            log(logger, secrets, method, url, retry, started, {
              error: String(error),
              retryInMs: delay,
              notRetryable: error instanceof AbortError || error instanceof ApiError,
            });
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
        if (logger && (debug || delay !== undefined || retry > 0))
          log(logger, secrets, method, url, retry, started, {
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
    } catch (error) {
      throw withSecrets(error, secrets);
    }
  }

  const requestFetch = fetchImpl ?? globalFetch;
  function fetchRequest(request: Request): Promise<Response> {
    return exchange(
      request.method,
      request.url,
      request.headers,
      request.body !== null,
      callStateOf(request),
      () => request.arrayBuffer(),
      // Everything the attempt needs travels in the Request itself (a custom fetch may read only its
      // first argument); init repeats signal and redirect.
      (body) => (signal) =>
        requestFetch(
          new Request(
            request,
            body === undefined ? { signal, redirect: MANUAL } : { signal, redirect: MANUAL, body },
          ),
          { signal, redirect: MANUAL },
        ),
    );
  }

  function send({ method, url, headers, body }: Outgoing, call: CallState): Promise<Response> {
    return exchange(
      method,
      url,
      headers,
      body !== undefined,
      call,
      async () => {
        // A form's boundary is chosen when it is encoded: encode once, so every attempt sends one body.
        const encoded = new Response(body);
        const type = encoded.headers.get('content-type');
        if (type && !headers.has('content-type')) headers.set('content-type', type);
        return encoded.arrayBuffer();
      },
      (bytes) => {
        const payload = bytes ?? body;
        // A custom fetch gets a complete Request, as its type promises; the global one builds its own.
        return fetchImpl
          ? (signal) =>
              fetchImpl(new Request(url, { method, headers, body: payload, signal, redirect: MANUAL }), {
                signal,
                redirect: MANUAL,
              })
          : (signal) => globalThis.fetch(url, { method, headers, body: payload, signal, redirect: MANUAL });
      },
    );
  }

  return { fetchRequest, send };
}

/**
 * What the transport logs: every attempt at debug; every retry at info (what failed, the wait); a call
 * that gives up on a retryable failure after retrying at warn (429, 408: the service shed load) or
 * at error (5xx, no response: the service or the network failed). The caller gets the error either way.
 */
function log(
  logger: ClientLog,
  secrets: Secrets,
  method: string,
  url: string,
  retry: number,
  started: number,
  outcome: {
    status?: number;
    error?: string;
    retryInMs?: number | undefined;
    response?: Response;
    notRetryable?: boolean;
  },
): void {
  const { response, notRetryable, ...rest } = outcome;
  const line = `svc ${method} ${url}`;
  const attempt = retry + 1;
  const what = outcome.status === undefined ? (outcome.error ?? 'failed') : `answered ${outcome.status}`;
  if (logger.enabled('debug'))
    logger.log('debug', secrets, line, {
      method,
      url,
      attempt,
      durationMs: Date.now() - started,
      ...(response && { requestId: requestIdOf(response.headers) }),
      ...rest,
    });
  if (outcome.retryInMs !== undefined) {
    logger.log('info', secrets, `${line}: attempt ${attempt} ${what}; retrying in ${outcome.retryInMs} ms`, {
      attempt,
      ...rest,
    });
  } else if (
    retry > 0 &&
    !notRetryable &&
    (outcome.status === undefined || RETRY_STATUSES.has(outcome.status))
  ) {
    const level = outcome.status === 408 || outcome.status === 429 ? 'warn' : 'error';
    logger.log(level, secrets, `${line}: gave up after ${attempt} attempts; the last ${what}`, {
      attempts: attempt,
      ...rest,
    });
  }
}
