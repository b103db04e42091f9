// nock intercepts named calls. It starts when imported, before the client loads, so named calls go over
// the Node transport and nock (on @mswjs/interceptors) catches them in node:https; the `unit (fetch
// only)` project runs the same file over fetch, which nock 14 intercepts too.
// The ESM namespace keeps node:https's own request (nock replaces the module object's, see src/internal/transport/node/node-http-client.ts).
import https, { request as nodeRequest } from 'node:https';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
/** How many requests node:https sent: every attempt on Node, none where fetch sends. */
const overNode = (attempts: number) => (svc.nodeTransport ? attempts : 0);
const resolveUser = (client: ReturnType<typeof svc.createClient>) =>
  client.resolveUser({ client_user_id: 'u-1' });
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call resolved'),
    (error: unknown) => error,
  );

describe('issue 24: nock intercepts named calls, none going past it to the network', () => {
  it('answers a GET read with the JSON it replies, sent over the Node transport', async () => {
    const sent = countNodeRequests();
    const scope = nock(BASE_URL)
      .get(resolvePath)
      .matchHeader('x-svc-api-key', API_KEY)
      .matchHeader('x-svc-sdk', /^typescript\//)
      .reply(200, USER);
    expect(await resolveUser(svc.createClient(svc.options()))).toEqual(USER);
    expect(scope.isDone()).toBe(true);
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('receives a POST with its JSON body and idempotency key', async () => {
    const sent = countNodeRequests();
    const scope = nock(BASE_URL)
      .post('/v3/order', svc.ORDER_BODY)
      .matchHeader('content-type', 'application/json')
      .matchHeader('idempotency-key', IDEMPOTENCY_KEY)
      .reply(201, { order_id: ORDER_ID });
    const order = await svc
      .createClient(svc.options())
      .createOrder({ body: svc.ORDER_BODY } as never, { idempotencyKey: IDEMPOTENCY_KEY });
    expect(order).toEqual({ order_id: ORDER_ID });
    expect(scope.isDone()).toBe(true);
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('turns an error reply into the typed ApiError the same answer from the wire becomes', async () => {
    const sent = countNodeRequests();
    const body = { detail: 'no user with that id', code: 'not_found' };
    const headers = { 'content-type': 'application/json', 'x-request-id': 'req_404' };
    nock(BASE_URL).get(resolvePath).reply(404, body, headers);
    const intercepted = await failureOf(resolveUser(svc.createClient(svc.options())));
    const wire = async () => Response.json(body, { status: 404, statusText: 'Not Found', headers });
    const overTheWire = await failureOf(resolveUser(svc.createClient(svc.options({ fetch: wire }))));
    expect(intercepted).toBeInstanceOf(svc.NotFoundError);
    expect(apiErrorFields(intercepted)).toEqual(apiErrorFields(overTheWire));
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('retries a 503 and resolves with the 200 that follows', async () => {
    const sent = countNodeRequests();
    const scope = nock(BASE_URL)
      .get(resolvePath)
      .reply(503, { detail: 'busy' }, { 'retry-after': '0' })
      .get(resolvePath)
      .reply(200, USER);
    expect(await resolveUser(svc.createClient(svc.options({ maxRetries: 2 })))).toEqual(USER);
    expect(scope.isDone()).toBe(true);
    expect(sent).toHaveBeenCalledTimes(overNode(2));
  });

  it('turns a network error into a ConnectionError', async () => {
    const sent = countNodeRequests();
    // An Error, as nock's docs ask: with a plain object, nock 14 never ends a node:http request (nock#2789).
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    nock(BASE_URL).get(resolvePath).replyWithError(reset);
    const error = await failureOf(resolveUser(svc.createClient(svc.options())));
    expect(error).toBeInstanceOf(svc.ConnectionError);
    expect(error).not.toBeInstanceOf(svc.TimeoutError);
    expect((error as Error).message).toContain('socket hang up');
    expect((error as Error).message).not.toContain(API_KEY);
    expect(sent).toHaveBeenCalledTimes(overNode(1));
  });

  it('refuses, as a ConnectionError, a call no interceptor matches while the network is disabled', async () => {
    const error = await failureOf(resolveUser(svc.createClient(svc.options())));
    expect(error).toBeInstanceOf(svc.ConnectionError);
    expect((error as Error).message).not.toContain(API_KEY);
  });
});
