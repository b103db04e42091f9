// MSW's setupServer intercepts named calls. Started before the client loads (here, and in a partner's
// setup file that starts it at the top), named calls go over the Node transport and MSW catches them in
// node:https; started after, MSW's replaced fetch takes them (msw-after-client.test.ts). The `unit
// (fetch only)` project runs the same file over fetch, as browsers, Deno, Bun and workerd send.
import https from 'node:https';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_KEY,
  apiErrorFields,
  BASE_URL,
  countNodeRequests,
  IDEMPOTENCY_KEY,
  loadClient,
  ORDER_ID,
  USER,
} from './loaded-client.js';

const before = { fetch: globalThis.fetch, request: https.request };
const server = setupServer();
server.listen({ onUnhandledRequest: 'error' });
const svc = await loadClient();

afterEach(() => {
  vi.restoreAllMocks();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  // Nothing of MSW outlives this file: other files in this worker see node:https and fetch untouched.
  expect(globalThis.fetch).toBe(before.fetch);
  expect(https.request).toBe(before.request);
});

const resolveUrl = `${BASE_URL}/v2/user/resolve/:client_user_id`;
/** How many requests node:https sent: every attempt on Node, none where fetch sends. */
const overNode = (attempts: number) => (svc.nodeTransport ? attempts : 0);

describe('issue 24: MSW setupServer intercepts named calls, none going past it to the network', () => {
  it('answers a GET read with the JSON its handler returns, sent over the Node transport', async () => {
    const sent = countNodeRequests();
    const seen: Array<{ id: unknown; key: string | null; sdk: string | null }> = [];
    server.use(
      http.get(resolveUrl, ({ request, params }) => {
        seen.push({
          id: params.client_user_id,
          key: request.headers.get('x-svc-api-key'),
          sdk: request.headers.get('x-svc-sdk'),
        });
        return HttpResponse.json(USER);
      }),
    );
    expect(await svc.createClient(svc.options()).resolveUser({ client_user_id: 'u-1' })).toEqual(USER);
    expect(seen).toEqual([{ id: 'u-1', key: API_KEY, sdk: expect.stringMatching(/^typescript\//) }]);
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('receives a POST with its JSON body and idempotency key', async () => {
    const sent = countNodeRequests();
    const seen: unknown[] = [];
    server.use(
      http.post(`${BASE_URL}/v3/order`, async ({ request }) => {
        seen.push({
          type: request.headers.get('content-type'),
          key: request.headers.get('idempotency-key'),
          body: await request.json(),
        });
        return HttpResponse.json({ order_id: ORDER_ID }, { status: 201 });
      }),
    );
    const order = await svc
      .createClient(svc.options())
      .createOrder({ body: svc.ORDER_BODY } as never, { idempotencyKey: IDEMPOTENCY_KEY });
    expect(order).toEqual({ order_id: ORDER_ID });
    expect(seen).toEqual([{ type: 'application/json', key: IDEMPOTENCY_KEY, body: svc.ORDER_BODY }]);
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('turns an error answer into the typed ApiError the same answer from the wire becomes', async () => {
    const sent = countNodeRequests();
    const body = { detail: 'no user with that id', code: 'not_found' };
    const answer = { status: 404, statusText: 'Not Found', headers: { 'x-request-id': 'req_404' } };
    server.use(http.get(resolveUrl, () => HttpResponse.json(body, answer)));
    const call = (client: ReturnType<typeof svc.createClient>) =>
      client.resolveUser({ client_user_id: 'u-1' }).then(
        () => expect.unreachable('the call resolved'),
        (error: unknown) => error,
      );
    const intercepted = await call(svc.createClient(svc.options()));
    const overTheWire = await call(
      svc.createClient(svc.options({ fetch: async () => Response.json(body, answer) })),
    );
    expect(intercepted).toBeInstanceOf(svc.NotFoundError);
    expect(apiErrorFields(intercepted)).toEqual(apiErrorFields(overTheWire));
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('retries a 503 and resolves with the 200 that follows', async () => {
    const sent = countNodeRequests();
    let attempts = 0;
    server.use(
      http.get(resolveUrl, () => {
        attempts++;
        return attempts === 1
          ? HttpResponse.json({ detail: 'busy' }, { status: 503, headers: { 'retry-after': '0' } })
          : HttpResponse.json(USER);
      }),
    );
    const client = svc.createClient(svc.options({ maxRetries: 2 }));
    expect(await client.resolveUser({ client_user_id: 'u-1' })).toEqual(USER);
    expect(attempts).toBe(2);
    expect(sent).toHaveBeenCalledTimes(overNode(2));
  });

  it('turns a network error into a ConnectionError', async () => {
    const sent = countNodeRequests();
    server.use(http.get(resolveUrl, () => HttpResponse.error()));
    const error = await svc
      .createClient(svc.options())
      .resolveUser({ client_user_id: 'u-1' })
      .then(
        () => expect.unreachable('the call resolved'),
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(svc.ConnectionError);
    expect(error).not.toBeInstanceOf(svc.TimeoutError);
    expect((error as Error).message).not.toContain(API_KEY);
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });
});
