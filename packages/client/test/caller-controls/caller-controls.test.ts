import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, type FetchLike, type Logger, TimeoutError } from '../../src/index.js';
import { fakeFetch, json, never, ORDER_ID, testClient, USER_ID } from '../fixtures/fake-fetch.js';
import { ORDER_BODY } from '../fixtures/order-body.js';

/** An apiKey function whose vault never answers. */
const hungKey = () => new Promise<string>(() => {});

describe('the caller controls a call', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('issue 11: a hung apiKey function is bounded by the call timeout, leaving no timer', async () => {
    vi.useFakeTimers();
    const fake = fakeFetch(() => json([]));
    const call = Promise.allSettled([
      testClient(fake.fetch, { apiKey: hungKey, timeoutMs: 1000, maxRetries: 0 }).listProviders(),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    const [result] = await call;
    expect(result?.status === 'rejected' && result.reason).toBeInstanceOf(TimeoutError);
    expect(fake.sent).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('issue 11: a hung apiKey function is abortable by the call signal', async () => {
    const fake = fakeFetch(() => json([]));
    const controller = new AbortController();
    const call = testClient(fake.fetch, { apiKey: hungKey }).listProviders(undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('user left')), 5);
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(fake.sent).toHaveLength(0);
  });

  it('issue 11: a logger that throws or rejects never changes the outcome nor leaks a rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fail = () => {
        throw new Error('log sink down');
      };
      const throwing: Logger = { debug: fail, info: fail, warn: fail, error: fail };
      const reject = async () => Promise.reject(new Error('log sink down'));
      const rejecting: Logger = { debug: reject, info: reject, warn: reject, error: reject };
      for (const logger of [throwing, rejecting]) {
        // A 503 first, so a debug, an info (the retry) and a second debug line are all written.
        const fake = fakeFetch((_sent, index) =>
          index === 0 ? json({}, 503, { 'retry-after': '0' }) : json({ order_id: ORDER_ID }, 201),
        );
        const created = await testClient(fake.fetch, {
          logger,
          logLevel: 'debug',
          idempotencyHeader: 'Idempotency-Key',
        }).createOrder({ body: ORDER_BODY } as never);
        expect(created).toEqual({ order_id: ORDER_ID });
        expect(fake.sent).toHaveLength(2);
      }
      await new Promise((done) => setTimeout(done, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('issue 11: a custom fetch that reads only the Request gets method, headers, body and signal', async () => {
    const seen: { method: string; key: string | null; body: string; signal: AbortSignal }[] = [];
    const requestOnly: FetchLike = async (request) => {
      seen.push({
        method: request.method,
        key: request.headers.get('x-svc-api-key'),
        body: await request.text(),
        signal: request.signal,
      });
      return seen.length === 1 ? json({}, 503, { 'retry-after': '0' }) : json({ order_id: ORDER_ID }, 201);
    };
    await testClient(requestOnly).createOrder({ body: ORDER_BODY } as never);
    expect(seen).toHaveLength(2);
    for (const entry of seen) {
      expect(entry.method).toBe('POST');
      expect(entry.key).not.toBeNull();
      expect(JSON.parse(entry.body)).toMatchObject({ user_id: USER_ID });
    }
    expect(seen[0]?.signal).not.toBe(seen[1]?.signal);
  });

  it('issue 11: a custom fetch that reads only the Request still times out', async () => {
    const requestOnly: FetchLike = (request) => never({ signal: request.signal } as never);
    const call = testClient(requestOnly, { timeoutMs: 20, maxRetries: 0 }).listProviders();
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
  });
});
