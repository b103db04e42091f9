// nock intercepts named calls. It starts when imported, before the client loads, so named calls go over
// the Node transport and nock (on @mswjs/interceptors) catches them in node:https; the `unit (fetch
// only)` project runs the same file over fetch, which nock 14 intercepts too.
// The ESM namespace keeps node:https's own request (nock replaces the module object's, see src/internal/transport/node/node-http-client.ts).
import https, { request as nodeRequest } from 'node:https';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { interceptionCases } from './interception-cases.js';
import {
  API_KEY,
  BASE_URL,
  failureOf,
  IDEMPOTENCY_KEY,
  loadClient,
  ORDER_ID,
  USER,
} from './loaded-client.js';

const svc = await loadClient();

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  vi.restoreAllMocks();
  nock.cleanAll();
});
afterAll(() => {
  nock.restore();
  nock.enableNetConnect();
  // Nothing of nock outlives this file: other files in this worker see node:https and fetch untouched.
  expect(nock.isActive()).toBe(false);
  expect(https.request).toBe(nodeRequest);
});

const resolvePath = '/v2/user/resolve/u-1';

interceptionCases('nock', svc, {
  answerUser() {
    const scope = nock(BASE_URL)
      .get(resolvePath)
      .matchHeader('x-svc-api-key', API_KEY)
      .matchHeader('x-svc-sdk', /^typescript\//)
      .reply(200, USER);
    return () => expect(scope.isDone()).toBe(true);
  },
  answerOrder() {
    const scope = nock(BASE_URL)
      .post('/v3/order', svc.ORDER_BODY)
      .matchHeader('content-type', 'application/json')
      .matchHeader('idempotency-key', IDEMPOTENCY_KEY)
      .reply(201, { order_id: ORDER_ID });
    return () => expect(scope.isDone()).toBe(true);
  },
  answerError({ body, init }) {
    const headers = { 'content-type': 'application/json', ...init.headers };
    nock(BASE_URL).get(resolvePath).reply(init.status, body, headers);
  },
  answerBusyThenUser() {
    const scope = nock(BASE_URL)
      .get(resolvePath)
      .reply(503, { detail: 'busy' }, { 'retry-after': '0' })
      .get(resolvePath)
      .reply(200, USER);
    return () => expect(scope.isDone()).toBe(true);
  },
  failNetwork() {
    // An Error, as nock's docs ask: with a plain object, nock 14 never ends a node:http request (nock#2789).
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    nock(BASE_URL).get(resolvePath).replyWithError(reset);
    return (error) => expect(error.message).toContain('socket hang up');
  },
});

// The case only nock has: its own switch that refuses what no interceptor matches.
describe('issue 24: nock intercepts named calls, none going past it to the network', () => {
  it('refuses, as a ConnectionError, a call no interceptor matches while the network is disabled', async () => {
    const error = await failureOf(svc.createClient(svc.options()).resolveUser({ client_user_id: 'u-1' }));
    expect(error).toBeInstanceOf(svc.ConnectionError);
    expect((error as Error).message).not.toContain(API_KEY);
  });
});
