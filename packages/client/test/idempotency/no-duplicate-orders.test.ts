import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  type FetchLike,
  InternalServerError,
  type SvcClient,
  ValidationError,
} from '../../src/index.js';
import { API_KEY, json, ORDER_ID, testClient } from '../fixtures/fake-fetch.js';
import { ORDER_BODY } from '../fixtures/order-body.js';

/** What the order service does after creating an order, on each attempt. */
type Outcome = 'created' | '500' | '502' | '503' | '504' | 'reset' | 'hang' | '429-not-created';

/** A loopback order service that ignores every idempotency header and counts the orders it creates. */
async function orderService(outcomes: Outcome[]) {
  let attempt = 0;
  const state = { created: 0, attempts: 0, keys: [] as (string | undefined)[] };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      state.attempts++;
      state.keys.push(request.headers['idempotency-key'] as string | undefined);
      const outcome = outcomes[Math.min(attempt++, outcomes.length - 1)] as Outcome;
      if (outcome === '429-not-created') {
        response.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{}');
        return;
      }
      state.created++; // The order exists now, whatever the client hears next.
      if (outcome === 'created')
        response.writeHead(201, { 'content-type': 'application/json' }).end(`{"order_id":"${ORDER_ID}"}`);
      else if (outcome === 'reset') request.socket.destroy();
      else if (outcome === 'hang') return;
      else response.writeHead(Number(outcome), { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, baseUrl };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

const client = (baseUrl: string, extra: object = {}): SvcClient =>
  createClient({ apiKey: API_KEY, baseUrl, timeoutMs: 300, maxRetries: 3, ...extra });

describe('retries never duplicate an order', () => {
  it.each(['500', '502', '503', '504', 'reset', 'hang'] as const)(
    'issue 11: after the order was created and the answer was %s, the SDK creates no second order',
    async (outcome) => {
      const service = await orderService([outcome, 'created']);
      const result = await Promise.allSettled([
        client(service.baseUrl).createOrder({ body: ORDER_BODY } as never),
      ]);
      expect(result[0]?.status).toBe('rejected');
      expect(service.state.created).toBe(1);
      expect(service.state.attempts).toBe(1);
    },
  );

  it('issue 11: the typed path client creates no second order either', async () => {
    const service = await orderService(['500', 'created']);
    const result = await client(service.baseUrl).POST('/v3/order', { body: ORDER_BODY as never });
    expect(result.response.status).toBe(500);
    expect(service.state.created).toBe(1);
  });

  it('retries a 429 (not processed) and creates exactly one order', async () => {
    const service = await orderService(['429-not-created', 'created']);
    await expect(client(service.baseUrl).createOrder({ body: ORDER_BODY } as never)).resolves.toEqual({
      order_id: ORDER_ID,
    });
    expect(service.state).toMatchObject({ created: 1, attempts: 2 });
    expect(new Set(service.state.keys).size).toBe(1);
  });

  it('retries a POST whose connection was refused before sending', async () => {
    let calls = 0;
    const refusedOnce: FetchLike = async () => {
      if (calls++ === 0)
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
        });
      return json({ order_id: ORDER_ID }, 201);
    };
    await expect(testClient(refusedOnce).createOrder({ body: ORDER_BODY } as never)).resolves.toEqual({
      order_id: ORDER_ID,
    });
    expect(calls).toBe(2);
  });

  it('retries a keyed POST after any retryable failure once idempotencyHeader is confirmed, under that name', async () => {
    const seen: (string | null)[] = [];
    const flaky: FetchLike = async (request) => {
      seen.push(request.headers.get('x-order-key'));
      return seen.length === 1 ? json({}, 500) : json({ order_id: ORDER_ID }, 201);
    };
    const confirmed = testClient(flaky, { idempotencyHeader: 'X-Order-Key' });
    await expect(confirmed.createOrder({ body: ORDER_BODY } as never)).resolves.toEqual({
      order_id: ORDER_ID,
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).toBe(seen[0]);
  });

  it('refuses an idempotencyHeader that is not a header name', () => {
    for (const idempotencyHeader of ['', 'Idempotency Key', 'x\r\ny', 'x-svc-api-key'])
      expect(() => testClient(async () => json({}), { idempotencyHeader })).toThrow(ValidationError);
  });

  it('still gives the error of the single attempt', async () => {
    const service = await orderService(['500']);
    await expect(client(service.baseUrl).createOrder({ body: ORDER_BODY } as never)).rejects.toBeInstanceOf(
      InternalServerError,
    );
  });
});
