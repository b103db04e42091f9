import { attemptTracer, TRACED } from '#attempt-tracer';
import { checkRequestHeaders, createNodeHttpClient, requestHeaders } from '#node-http';
import type { ApiKey } from '../../api-key.js';
import { ValidationError, withSecrets } from '../../errors.js';
import type { FetchLike } from '../../fetch-like.js';
import { API_KEY_HEADER } from '../../headers.js';
import { keyProblem } from '../input/key-problem.js';
import type { ClientLog } from '../logger.js';
import { Secrets } from '../redact.js';
import { withinDeadline } from './abort/deadline.js';
import { type CallState, callStateOf } from './call-state.js';
import { createFetchHttpClient } from './fetch/fetch-http-client.js';
import type { Attempt, Outgoing, RequestHeaders } from './http-client.js';
import type { Reply } from './reply/reply.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './reply/response-limit.js';
import { logAttempt } from './retry/log-attempt.js';
import { isFinal, waitAfterAnswer, waitAfterFailure } from './retry/retry-policy.js';
import { repeatable } from './retry/retry-safety.js';
import { sleep } from './retry/sleep.js';

export interface TransportConfig {
  /** The fetch given to `createClient`; absent: the global `fetch` (named methods call it as `fetch(url, init)`). */
  fetch?: FetchLike | undefined;
  apiKey: ApiKey;
  /** Base URL; the API key goes only to its origin. */
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  /** The most bytes of an answer read, received or decoded (`maxResponseBytes`); default DEFAULT_MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number | undefined;
  /** Absent for a client set to `'off'`; see log-attempt.ts for what each level gets. */
  logger?: ClientLog | undefined;
  /** The idempotency header the user confirmed the service reads; without it POST/PATCH retry only when unprocessed. */
  idempotencyHeader?: string | undefined;
  /** The client's secrets; each call's own are chained to them. Default: the string apiKey alone. */
  secrets?: Secrets;
  /** The agent of named calls over node:http / node:https; default: a keep-alive agent of the client's own. */
  httpAgent?: unknown;
  /** Jitter source, injectable for tests. */
  random?: () => number;
}

export type { Outgoing, RequestHeaders };

/**
 * The seam between a call and the network: what route/ asks of it. One implementation per way of
 * sending (stripe-node's `net/`, interface in http-client.ts): fetch/ everywhere, node/ for named calls
 * on Node.
 */
export interface Transport {
  /** The `fetch` handed to openapi-fetch (typed path client, middleware), beneath its middleware: always fetch. */
  fetchRequest(request: Request): Promise<Response>;
  /** Named methods' path: over node:http on Node, else one `fetch(url, init)` per attempt. */
  send(outgoing: Outgoing, call: CallState): Promise<Reply>;
  /**
   * A named call's empty headers, as its transport reads them: in the build for Node a list checked as
   * `Headers` checks (node/header-list.ts), elsewhere a `Headers`.
   */
  requestHeaders(): RequestHeaders;
}

/**
 * Adds the API key (same origin only), applies per-attempt timeouts and retries with backoff and
 * Retry-After, for both ways in: a Request from openapi-fetch, or a named method's outgoing request.
 * Redirects are never followed: a followed cross-origin redirect would carry the api-key along.
 */
export function createTransport(config: TransportConfig): Transport {
  const { fetch: fetchImpl, apiKey, logger, random } = config;
  const origin = `${new URL(config.baseUrl).origin}/`;
  const clientSecrets = config.secrets ?? new Secrets();
  clientSecrets.add(apiKey);
  // A custom fetch takes every call; otherwise, on Node, named calls go over node:http.
  const node = fetchImpl ? undefined : createNodeHttpClient?.(config.baseUrl, config.httpAgent);
  const fetchClient = createFetchHttpClient(fetchImpl);

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
  async function exchange<R extends Reply>(
    method: string,
    url: string,
    headers: RequestHeaders,
    call: CallState | undefined,
    /** The attempts of the call; `retryable` says whether its body must be kept for a second one. */
    prepare: (retryable: boolean) => Attempt<R> | Promise<Attempt<R>>,
  ): Promise<R> {
    // A middleware that replaced the Request dropped the call state: the call's secrets live here then.
    const secrets = call?.secrets ?? new Secrets(clientSecrets);
    try {
      if (call) call.sent = true;
      const signal = call?.signal;
      const what = call?.what ?? `${method} ${new URL(url).pathname}`;
      const maxRetries = call?.maxRetries ?? config.maxRetries;
      const timeoutMs = call?.timeoutMs ?? config.timeoutMs;
      const maxBytes = call?.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
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
      if (!call?.direct) {
        // send() registered the headers given to the call; this catches one a middleware added.
        secrets.addHeaders(headers);
        // A named call's headers were checked as they were set; a Request's are checked before its first attempt.
        checkRequestHeaders?.(headers, what);
      }

      const retryable = maxRetries > 0;
      // Otherwise (POST, PATCH) only an attempt the service certainly did not process is sent again.
      const anyFailure = repeatable(method, headers, config.idempotencyHeader);
      const prepared = prepare(retryable);
      // Awaited only when it is a promise: a ready one costs no microtask.
      const attempt = prepared instanceof Promise ? await prepared : prepared;
      // Below debug, only a retry or a give-up is logged: a first attempt that ends the call costs nothing.
      const debug = logger?.enabled('debug') === true;

      for (let retry = 0; ; retry++) {
        const started = debug ? Date.now() : 0;
        let reply: R;
        // The wait before the next attempt (undefined: none), decided once: by the tracer before it
        // publishes the attempt's end (a retried attempt is not a failed call), else below. A decision
        // of no retry draws no jitter, so making it again is the same decision.
        let delay: number | undefined;
        const decide = (reply?: R, error?: unknown) =>
          (delay ??= reply
            ? waitAfterAnswer(reply, retry, maxRetries, anyFailure, random)
            : waitAfterFailure(error, isFinal(error), retry, maxRetries, anyFailure, random));
        try {
          // Published for tracing only while someone listens (Node's build; see trace/).
          reply = await (TRACED && attemptTracer?.listened()
            ? attemptTracer.trace(
                () => attempt(signal, timeoutMs, what, maxBytes),
                { method, url, what: call?.what, resendCount: retry },
                secrets,
                decide,
              )
            : attempt(signal, timeoutMs, what, maxBytes));
        } catch (error) {
          const final = isFinal(error);
          decide(undefined, error);
          if (logger && (debug || delay !== undefined || retry > 0))
            logAttempt(logger, secrets, method, url, retry, started, {
              error: String(error),
              retryInMs: delay,
              notRetryable: final,
            });
          if (delay === undefined) throw error;
          await sleep(delay, signal);
          continue;
        }
        decide(reply);
        if (logger && (debug || delay !== undefined || retry > 0))
          logAttempt(logger, secrets, method, url, retry, started, {
            status: reply.status,
            retryInMs: delay,
            reply,
          });
        if (delay === undefined) {
          if (call) call.response = reply;
          return reply;
        }
        await sleep(delay, signal);
      }
    } catch (error) {
      throw withSecrets(error, secrets);
    }
  }

  function fetchRequest(request: Request): Promise<Response> {
    return exchange(request.method, request.url, request.headers, callStateOf(request), (retryable) =>
      fetchClient.requestAttempts(request, retryable),
    );
  }

  function send(outgoing: Outgoing, call: CallState): Promise<Reply> {
    const client = node?.takes(outgoing) ? node : fetchClient;
    return exchange(outgoing.method, outgoing.url, outgoing.headers, call, (retryable) =>
      client.attempts(outgoing, retryable),
    );
  }

  return { fetchRequest, send, requestHeaders };
}
