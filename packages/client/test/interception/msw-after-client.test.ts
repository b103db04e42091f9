// MSW started after the client loaded, as `beforeAll(() => server.listen())` in a partner's setup file
// does: MSW's replaced fetch takes named calls (a replaced global fetch always does) and answers them.
import https from 'node:https';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createClient } from '../../src/index.js';
import { API_KEY, BASE_URL, countNodeRequests, USER } from './loaded-client.js';

const before = { fetch: globalThis.fetch, request: https.request };
const server = setupServer(
  http.get(`${BASE_URL}/v2/user/resolve/:client_user_id`, ({ request }) =>
    request.headers.get('x-svc-api-key') === API_KEY
      ? HttpResponse.json(USER)
      : HttpResponse.json({}, { status: 401 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  server.close();
  expect(globalThis.fetch).toBe(before.fetch);
  expect(https.request).toBe(before.request);
});

it('answers a named call through the fetch MSW put in place after the client loaded', async () => {
  const sent = countNodeRequests();
  const client = createClient({ apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 0 });
  expect(await client.resolveUser({ client_user_id: 'u-1' })).toEqual(USER);
  expect(sent).not.toHaveBeenCalled();
});
