import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  type SvcClient,
} from '../../src/index.js';
import { backoffDelay, MAX_DELAY_MS } from '../../src/internal/transport/retry/backoff.js';
import { createTransport } from '../../src/internal/transport/transport.js';
import {
  API_KEY,
  BASE_URL,
  fakeFetch,
  type Handler,
  json,
  ORDER_ID,
  type Sent,
  testClient,
  USER_ID,
} from '../fixtures/fake-fetch.js';

const user = { user_id: USER_ID };
/** Fails the first attempt with `status`, then answers `user`. */
const failOnce =
  (status: number, headers: Record<string, string> = {}): Handler =>
  (_sent, index) =>
    index === 0 ? json({ detail: 'try again' }, status, headers) : json(user);
const failThenSucceed = (status: number, headers: Record<string, string> = {}) =>
  fakeFetch(failOnce(status, headers));
const answering =
  (status: number): Handler =>
  () =>
    json({}, status);
const down: Handler = () => json({ detail: 'down' }, 503);
const failConnection = (): never => {
  throw new TypeError('fetch failed');
};
const refuseConnection = (): never => {
  throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
};
const resolveUser = (client: SvcClient) => client.resolveUser({ client_user_id: 'u1' });
const createSignInToken = (client: SvcClient) => client.createSignInToken({ user_id: USER_ID });

/** Settles a promise while fake timers run every pending timer. */
async function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  const result = Promise.allSettled([promise]);
  await vi.runAllTimersAsync();
  return (await result)[0] as PromiseSettledResult<T>;
}

const reason = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? result.reason : undefined;

/** The attempts of one GET through the transport's fetch alone, its jitter fixed at 0.5. */
async function attemptsOf(answer: Handler, maxRetries: number): Promise<Sent[]> {
  const fake = fakeFetch(answer);
  const { fetchRequest } = createTransport({
    fetch: fake.fetch,
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    timeoutMs: 60_000,
    maxRetries,
    random: () => 0.5,
  });
  await settle(fetchRequest(new Request(`${BASE_URL}/v2/providers`)));
  return fake.sent;
}

/** A call that fails: what fetch answers, the error it throws after how many attempts (1: not retried). */
type Failing = [
  name: string,
  answer: Handler,
  call: (client: SvcClient) => Promise<unknown>,
  error: abstract new (...args: never[]) => Error,
  attempts: number,
  /** What else the error carries. */
  also?: (error: unknown) => void,
];

const FAILING: Failing[] = [
  [
    'gives up after two retries by default and throws the last error',
    down,
    resolveUser,
    InternalServerError,
    3,
    (error) => expect((error as ApiError).status).toBe(503),
  ],
  ['never retries a 501', answering(501), resolveUser, InternalServerError, 1],
  ...[400, 401, 403, 404, 409, 422].map(
    (status): Failing => [`does not retry a ${status}`, answering(status), resolveUser, ApiError, 1],
  ),
  [
    'retries a failed connection and throws ConnectionError when the retries run out',
    refuseConnection,
    resolveUser,
    ConnectionError,
    3,
    (error) => expect((error as Error).message).toContain('ECONNREFUSED'),
  ],
  [
    'does not wait out a Retry-After over a minute: throws RateLimitError carrying it',
    failOnce(429, { 'retry-after': '120' }),
    resolveUser,
    RateLimitError,
    1,
    (error) => expect((error as RateLimitError).retryAfterMs).toBe(120_000),
  ],
  [
    'does not retry a POST without an idempotency key',
    answering(503),
    createSignInToken,
    InternalServerError,
    1,
  ],
  [
    'does not retry a timed-out or failed POST without an idempotency key',
    failConnection,
    createSignInToken,
    ConnectionError,
    1,
  ],
];

describe('retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([408, 429, 500, 502, 503, 504])('retries a %i and returns the next success', async (status) => {
    const fake = failThenSucceed(status);
    const result = await settle(testClient(fake.fetch).resolveUser({ client_user_id: 'u1' }));
    expect(result).toEqual({ status: 'fulfilled', value: user });
    expect(fake.sent).toHaveLength(2);
  });

  it.each(FAILING)('%s', async (_name, answer, call, error, attempts, also) => {
    const fake = fakeFetch(answer);
    const thrown = reason(await settle(call(testClient(fake.fetch))));
    expect(thrown).toBeInstanceOf(error);
    also?.(thrown);
    expect(fake.sent).toHaveLength(attempts);
  });

  it('spaces retries with exponential backoff and full jitter: under 0.5 s, then under 1 s', async () => {
    const fake = fakeFetch(() => json({}, 503));
    await settle(testClient(fake.fetch).resolveUser({ client_user_id: 'u1' }));
    const [first, second, third] = fake.sent.map((sent) => sent.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(0);
    expect(second - first).toBeLessThan(500);
    expect(third - second).toBeGreaterThanOrEqual(0);
    expect(third - second).toBeLessThan(1000);
  });

  it('waits initial × 2^retry × random between attempts', async () => {
    const sent = await attemptsOf(() => json({}, 503), 3);
    const gaps = sent.slice(1).map((attempt, index) => attempt.at - (sent[index] as { at: number }).at);
    expect(gaps).toEqual([250, 500, 1000]);
  });

  it('issue 11: falls back to the backoff for a Retry-After that is not digits or an HTTP date', async () => {
    for (const value of ['-1', '+5', '1.']) {
      const sent = await attemptsOf(() => json({}, 503, { 'retry-after': value }), 1);
      expect((sent[1]?.at ?? 0) - (sent[0]?.at ?? 0), value).toBe(250);
    }
  });

  it('caps the backoff at 8 seconds', () => {
    expect(backoffDelay(20, () => 0.999_999)).toBeLessThan(MAX_DELAY_MS);
    expect(backoffDelay(20, () => 0.999_999)).toBeGreaterThan(MAX_DELAY_MS - 1);
    expect(backoffDelay(0, () => 0)).toBe(0);
  });

  it('honours Retry-After in seconds', async () => {
    const fake = failThenSucceed(429, { 'retry-after': '3' });
    await settle(testClient(fake.fetch).resolveUser({ client_user_id: 'u1' }));
    expect((fake.sent[1]?.at ?? 0) - (fake.sent[0]?.at ?? 0)).toBe(3000);
  });

  it('honours Retry-After as an HTTP date', async () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const fake = failThenSucceed(503, { 'retry-after': 'Sun, 22 Nov 2026 10:00:05 GMT' });
    await settle(testClient(fake.fetch).resolveUser({ client_user_id: 'u1' }));
    expect((fake.sent[1]?.at ?? 0) - (fake.sent[0]?.at ?? 0)).toBe(5000);
  });

  it('retries an idempotent POST with the same generated key and body once the header is confirmed', async () => {
    const fake = fakeFetch((_sent, index) => (index < 2 ? json({}, 500) : json({ id: ORDER_ID })));
    const client = testClient(fake.fetch, { idempotencyHeader: 'Idempotency-Key' });
    const result = await settle(client.createOrder({ body: { clinical_notes: 'fasting' } }));
    expect(result.status).toBe('fulfilled');
    expect(fake.sent).toHaveLength(3);
    const keys = fake.sent.map((sent) => sent.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(fake.sent.map((sent) => sent.body))).toEqual(new Set(['{"clinical_notes":"fasting"}']));
  });

  it('generates a new idempotency key for each logical call', async () => {
    const fake = fakeFetch(() => json({ id: ORDER_ID }));
    const client = testClient(fake.fetch);
    await settle(client.createOrder({ body: {} }));
    await settle(client.createOrder({ body: {} }));
    expect(fake.sent[0]?.headers.get('idempotency-key')).not.toBe(
      fake.sent[1]?.headers.get('idempotency-key'),
    );
  });

  it('retries a POST of an operation without x-svc-idempotent when the caller gives an idempotencyKey and the header is confirmed', async () => {
    const fake = fakeFetch((_sent, index) => (index === 0 ? json({}, 502) : json({ sign_in_token: 't' })));
    await settle(
      testClient(fake.fetch, { idempotencyHeader: 'Idempotency-Key' }).createSignInToken(
        { user_id: USER_ID },
        { idempotencyKey: 'call-7' },
      ),
    );
    expect(fake.sent.map((sent) => sent.headers.get('idempotency-key'))).toEqual(['call-7', 'call-7']);
  });

  it('sends exactly once with maxRetries: 0, per call or per client', async () => {
    const fake = fakeFetch(() => json({}, 503));
    await settle(testClient(fake.fetch).resolveUser({ client_user_id: 'u1' }, { maxRetries: 0 }));
    await settle(testClient(fake.fetch, { maxRetries: 0 }).resolveUser({ client_user_id: 'u1' }));
    expect(fake.sent).toHaveLength(2);
  });

  it('retries calls of the typed path client too', async () => {
    const fake = failThenSucceed(503);
    const result = await settle(
      testClient(fake.fetch).GET('/v2/user/resolve/{client_user_id}', {
        params: { path: { client_user_id: 'u1' } },
      }),
    );
    expect(result.status === 'fulfilled' && result.value.data).toEqual(user);
    expect(fake.sent).toHaveLength(2);
  });

  it('rejects at once with AbortError when aborted during a backoff wait, and sends nothing more', async () => {
    const fake = fakeFetch(() => json({}, 503, { 'retry-after': '30' }));
    const controller = new AbortController();
    const call = testClient(fake.fetch).resolveUser({ client_user_id: 'u1' }, { signal: controller.signal });
    const result = Promise.allSettled([call]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.sent).toHaveLength(1);
    controller.abort();
    const [settled] = await result;
    expect(reason(settled as PromiseSettledResult<unknown>)).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    expect(fake.sent).toHaveLength(1);
  });
});
