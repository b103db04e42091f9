// What the interception tests share. The client is loaded here, after the test file has started its
// interceptor, as a partner's suite does when a setup file starts MSW or imports nock first: a static
// import at the top of the test file would load it before the file's body runs.
import https from 'node:https';
import { expect, vi } from 'vitest';
import type { ClientOptions } from '../../src/index.js';

/** An origin nothing listens on: a call that slips past the interceptor fails to resolve it. */
export const BASE_URL = 'https://api.svc.test';
export const API_KEY = 'sk-intercepted-0123456789';
export const USER = { user_id: 'u-1', note: 'Zoë 🩺' };
export const ORDER_ID = '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43';
export const IDEMPOTENCY_KEY = 'order-key-0001';

/** The client and its errors, loaded now; `nodeTransport` says whether named calls go over node:https here. */
export async function loadClient() {
  const client = await import('../../src/index.js');
  const { createNodeHttpClient } = await import('#node-http');
  const { ORDER_BODY } = await import('../fixtures/order-body.js');
  const options = (extra: Partial<ClientOptions> = {}) =>
    ({ apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 0, ...extra }) as ClientOptions;
  return { ...client, ORDER_BODY, options, nodeTransport: createNodeHttpClient !== undefined };
}

/** What `loadClient` resolves to. */
export type LoadedClient = Awaited<ReturnType<typeof loadClient>>;

/** What a call that must fail rejected with; a call that resolves fails the test. */
export const failureOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => expect.unreachable('the call resolved'),
    (error: unknown) => error,
  );

/**
 * Counts the requests node:https sends from now on (the interceptor's own `https.request` still runs);
 * vitest's restoreAllMocks puts the interceptor's back, which must happen before the interceptor stops.
 */
export const countNodeRequests = () => vi.spyOn(https, 'request');

/** The ApiError fields a partner reads: the same from an interceptor as from the wire. */
export const apiErrorFields = (error: unknown) => {
  const { status, body, code, requestId, message, name } = error as Record<string, unknown>;
  return { constructor: (error as object).constructor, name, status, body, code, requestId, message };
};
