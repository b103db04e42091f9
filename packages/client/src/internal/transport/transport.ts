import { checkRequestHeaders, createNodeHttpClient } from '#node-http';
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
import type { HttpClient, Outgoing } from './http-client.js';
import type { Reply } from './reply/reply.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './reply/response-limit.js';
import { type RetryPlan, sendWithRetries } from './retry/send-with-retries.js';

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

export type { Outgoing };

/**
 * The seam between a call and the network: what route/ asks of it. One HttpClient per way of sending
 * (stripe-node's `net/`, interface in http-client.ts): fetch/ everywhere, node/ for named calls on Node.
 */
export interface Transport {
  /** The `fetch` handed to openapi-fetch (typed path client, middleware), beneath its middleware: always fetch. */
  fetchRequest(request: Request): Promise<Response>;
  /** Named methods' path: over node:http on Node, else one `fetch(url, init)` per attempt. */
  send(outgoing: Outgoing, call: CallState): Promise<Reply>;
}

/** The global fetch as it was when the client was loaded: a later one is a mock, and named calls go to it. */
const loadedFetch = globalThis.fetch;

/** The key an apiKey function gives, checked; kept among the client's secrets. */
async function resolveKey(key: Exclude<ApiKey, string>, clientSecrets: Secrets): Promise<string> {
  const value = await key();
  if (typeof value !== 'string' || value === '')
    throw new ValidationError('apiKey', 'the apiKey function returned no key');
  // The client's, not only the call's: a key rotated out may be echoed by a later answer.
  clientSecrets.add(value);
  const problem = keyProblem(value);
  if (problem) throw new ValidationError('apiKey', `the apiKey function returned a key with ${problem}`);
  return value;
}

/**
 * Adds the API key (same origin only), picks the HttpClient of each call and hands its attempts to the
 * retry loop (retry/send-with-retries.ts), for both ways in: a Request from openapi-fetch, or a named
 * method's outgoing request. Redirects are never followed: a followed cross-origin redirect would carry
 * the api-key along.
 */
export function createTransport(config: TransportConfig): Transport {
  const { fetch: fetchImpl, apiKey } = config;
  const origin = `${new URL(config.baseUrl).origin}/`;
  const clientSecrets = config.secrets ?? new Secrets();
  clientSecrets.add(apiKey);
  // A custom fetch takes every call; otherwise, on Node, named calls to the client's origin go over
  // node:http, unless the global fetch was replaced since the client was loaded (a test's mock, MSW).
  // Outside Node `createNodeHttpClient` is a literal undefined: the bundler drops the node:http branches.
  const node =
    createNodeHttpClient && !fetchImpl ? createNodeHttpClient(config.baseUrl, config.httpAgent) : undefined;
  const fetchClient = createFetchHttpClient(fetchImpl);

  /** The limits of a Request whose call state a middleware dropped (it replaced the Request): the client's. */
  const replaced = ({ method, url }: Request): RetryPlan => ({
    what: `${method} ${new URL(url).pathname}`,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    maxResponseBytes: config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    secrets: new Secrets(clientSecrets),
  });

  /** Sets the key and runs the call's attempts; errors come out redacted. */
  function exchange(
    client: HttpClient,
    outgoing: Outgoing,
    plan: RetryPlan,
    call?: CallState,
  ): Promise<Reply> {
    const { headers } = outgoing;
    const { secrets } = plan;
    const run = (key: string | undefined): Promise<Reply> => {
      if (key === undefined) headers.delete(API_KEY_HEADER);
      else headers.set(API_KEY_HEADER, key);
      if (outgoing.request) {
        // A named call's headers were registered and checked as they were set; this catches a header a
        // middleware added, and (on Node) a value no transport there sends, before the first attempt.
        secrets.addHeaders(headers);
        checkRequestHeaders?.(headers, plan.what);
      }
      return sendWithRetries(client, outgoing, plan, config, call);
    };
    try {
      call?.sending();
      if (!outgoing.url.startsWith(origin)) return run(undefined);
      if (typeof apiKey === 'string') return run(apiKey);
      // The key lookup (a vault call, say) counts against the call's timeout and its signal.
      return withinDeadline(
        resolveKey(apiKey, clientSecrets),
        plan.signal,
        plan.timeoutMs,
        `${plan.what} (apiKey lookup)`,
      )
        .then(run)
        .catch((error: unknown) => {
          throw withSecrets(error, secrets);
        });
    } catch (error) {
      return Promise.reject(withSecrets(error, secrets));
    }
  }

  return {
    fetchRequest(request) {
      const call = callStateOf(request);
      const outgoing = { method: request.method, url: request.url, headers: request.headers, request };
      return exchange(fetchClient, outgoing, call ?? replaced(request), call) as Promise<Response>;
    },
    send: (outgoing, call) =>
      exchange(
        createNodeHttpClient && node && globalThis.fetch === loadedFetch && outgoing.url.startsWith(origin)
          ? node
          : fetchClient,
        outgoing,
        call,
        call,
      ),
  };
}
