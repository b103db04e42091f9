// Calls over fetch (stripe-node's FetchHttpClient): everywhere but Node's named calls, and on Node too
// for a custom `fetch`, a replaced global one and every Request openapi-fetch builds. The fetch given to
// createClient, else the global one, looked up at each call. Redirects are never followed (a followed
// cross-origin redirect would carry the API key along).
import type { FetchLike } from '../../../fetch-like.js';
import type { AttemptLimits, HttpClient, Outgoing } from '../http-client.js';
import type { Reply } from '../reply/reply.js';
import { type AttemptFetch, fetchAttempt } from './fetch-attempt.js';

const MANUAL = 'manual' as const;

export function createFetchHttpClient(fetchImpl: FetchLike | undefined): HttpClient {
  /** How each attempt fetches: made once per call, its body encoded once when a second attempt may come. */
  async function prepare(
    { method, url, headers, body, request }: Outgoing,
    again: boolean,
  ): Promise<AttemptFetch> {
    if (request) {
      // Buffer the body once only when a retry is possible; every attempt then sends the same bytes.
      const bytes = again && request.body !== null ? await request.arrayBuffer() : undefined;
      const fetchRequest = fetchImpl ?? globalThis.fetch;
      // Everything the attempt needs travels in the Request itself (a custom fetch may read only its
      // first argument); init repeats signal and redirect.
      return (signal) =>
        fetchRequest(
          new Request(
            request,
            bytes === undefined ? { signal, redirect: MANUAL } : { signal, redirect: MANUAL, body: bytes },
          ),
          { signal, redirect: MANUAL },
        );
    }
    let payload = body;
    if (again && body !== undefined) {
      // A form's boundary is chosen when it is encoded: encode once, so every attempt sends one body.
      const encoded = new Response(body);
      const type = encoded.headers.get('content-type');
      if (type && !headers.has('content-type')) headers.set('content-type', type);
      payload = await encoded.arrayBuffer();
    }
    return (signal) => {
      const init = { method, headers: headers as HeadersInit, body: payload, signal, redirect: MANUAL };
      // A custom fetch gets a complete Request, as its type promises; the global one builds its own.
      return fetchImpl
        ? fetchImpl(new Request(url, init), { signal, redirect: MANUAL })
        : globalThis.fetch(url, init);
    };
  }

  return {
    async send(outgoing: Outgoing, limits: AttemptLimits): Promise<Reply> {
      outgoing.prepared ??= prepare(outgoing, limits.maxRetries > 0);
      return fetchAttempt(await (outgoing.prepared as Promise<AttemptFetch>), limits);
    },
  };
}
