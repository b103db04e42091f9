// MSW's setupServer intercepts named calls. Started before the client loads (here, and in a partner's
// setup file that starts it at the top), named calls go over the Node transport and MSW catches them in
// node:https; started after, MSW's replaced fetch takes them (msw-after-client.test.ts). The `unit
// (fetch only)` project runs the same file over fetch, as browsers, Deno, Bun and workerd send.
import https from 'node:https';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { interceptionCases } from './interception-cases.js';
import { API_KEY, BASE_URL, IDEMPOTENCY_KEY, loadClient, ORDER_ID, USER } from './loaded-client.js';

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

interceptionCases('MSW setupServer', svc, {
  answerUser() {
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
    return () =>
      expect(seen).toEqual([{ id: 'u-1', key: API_KEY, sdk: expect.stringMatching(/^typescript\//) }]);
  },
  answerOrder() {
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
    return () =>
      expect(seen).toEqual([{ type: 'application/json', key: IDEMPOTENCY_KEY, body: svc.ORDER_BODY }]);
  },
  answerError({ body, init }) {
    server.use(http.get(resolveUrl, () => HttpResponse.json(body, init)));
  },
  answerBusyThenUser() {
    let attempts = 0;
    server.use(
      http.get(resolveUrl, () => {
        attempts++;
        return attempts === 1
          ? HttpResponse.json({ detail: 'busy' }, { status: 503, headers: { 'retry-after': '0' } })
          : HttpResponse.json(USER);
      }),
    );
    return () => expect(attempts).toBe(2);
  },
  failNetwork() {
    server.use(http.get(resolveUrl, () => HttpResponse.error()));
    return () => {};
  },
});
