// Calls over fetch (stripe-node's FetchHttpClient): everywhere but Node's named calls, and on Node too
// for a custom `fetch`, a replaced global one and every Request openapi-fetch builds. The fetch given to
// createClient, else the global one, looked up at each call. Redirects are never followed (a followed
// cross-origin redirect would carry the API key along).
import type { FetchLike } from '../../../fetch-like.js';
import type { Attempt, HttpClient, Outgoing } from '../http-client.js';
import { fetchAttempt } from './fetch-attempt.js';

const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
const MANUAL = 'manual' as const;

export interface FetchHttpClient extends HttpClient {
  /** The attempts of a Request openapi-fetch built (typed path client, middleware), each a copy of it. */
  requestAttempts(request: Request, retryable: boolean): Promise<Attempt<Response>>;
}

export function createFetchHttpClient(fetchImpl: FetchLike | undefined): FetchHttpClient {
  const requestFetch = fetchImpl ?? globalFetch;
  return {
    takes: () => true,

    async attempts({ method, url, headers, body }: Outgoing, retryable: boolean): Promise<Attempt> {
      let payload = body;
      if (retryable && body !== undefined) {
        // A form's boundary is chosen when it is encoded: encode once, so every attempt sends one body.
        const encoded = new Response(body);
        const type = encoded.headers.get('content-type');
        if (type && !headers.has('content-type')) headers.set('content-type', type);
        payload = await encoded.arrayBuffer();
      }
      // A custom fetch gets a complete Request, as its type promises; the global one builds its own.
      const fetchOnce = fetchImpl
        ? (signal: AbortSignal) =>
            fetchImpl(
              new Request(url, {
                method,
                headers: headers as HeadersInit,
                body: payload,
                signal,
                redirect: MANUAL,
              }),
              {
                signal,
                redirect: MANUAL,
              },
            )
        : (signal: AbortSignal) =>
            globalThis.fetch(url, {
              method,
              headers: headers as HeadersInit,
              body: payload,
              signal,
              redirect: MANUAL,
            });
      return (caller, timeoutMs, what, maxBytes) =>
        fetchAttempt(fetchOnce, caller, timeoutMs, what, maxBytes);
    },

    async requestAttempts(request: Request, retryable: boolean): Promise<Attempt<Response>> {
      // Buffer the body once only when a retry is possible; every attempt then sends the same bytes.
      const body = retryable && request.body !== null ? await request.arrayBuffer() : undefined;
      // Everything the attempt needs travels in the Request itself (a custom fetch may read only its
      // first argument); init repeats signal and redirect.
      return (caller, timeoutMs, what, maxBytes) =>
        fetchAttempt(
          (signal) =>
            requestFetch(
              new Request(
                request,
                body === undefined ? { signal, redirect: MANUAL } : { signal, redirect: MANUAL, body },
              ),
              { signal, redirect: MANUAL },
            ),
          caller,
          timeoutMs,
          what,
          maxBytes,
        );
    },
  };
}
