// Issue 33: every answer the client reads is bounded by `maxResponseBytes`, received and decoded alike,
// on every route (in the `unit` project a named call goes over node:http; in `unit (fetch only)` over fetch).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '@svc/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  type RequestOptions,
  ResponseTooLargeError,
  type SvcClient,
  ValidationError,
} from '../../src/index.js';
import { bomb } from './bombs.js';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;
let answer: Answer;
let requests = 0;
/** Resolves when the connection of the latest request closes. */
let closed: Promise<void>;
const closings = new WeakMap<object, Promise<void>>();
const server = createServer((request, response) => {
  requests++;
  const { socket } = request;
  if (!closings.has(socket))
    closings.set(socket, new Promise((resolve) => socket.once('close', () => resolve())));
  closed = closings.get(socket) as Promise<void>;
  request.resume();
  response.on('error', () => {});
  answer(request, response);
});
let listening: Awaited<ReturnType<typeof listenOnLoopback>>;
beforeAll(async () => {
  listening = await listenOnLoopback(server);
});
afterAll(() => listening.close());

const MiB = 2 ** 20;
const LIMIT = 64 * 1024;
const client = (options: { maxResponseBytes?: number; maxRetries?: number } = {}): SvcClient =>
  createClient({
    apiKey: 'sk-test-0123456789',
    baseUrl: listening.baseUrl,
    maxResponseBytes: LIMIT,
    ...options,
  });

/** Each way a call reaches the wire: a named call, the typed path client (over fetch, whatever the project). */
const routes: Array<[string, (svc: SvcClient, options?: RequestOptions) => Promise<unknown>]> = [
  ['a named call', (svc, options) => svc.resolveUser({ client_user_id: 'u-1' }, options)],
  [
    'the typed path client',
    (svc, options) =>
      svc.GET('/v2/user/resolve/{client_user_id}', {
        params: { path: { client_user_id: 'u-1' } },
        ...options,
      }),
  ],
];

/** A JSON answer of exactly `size` bytes. */
const jsonOf = (size: number): string => JSON.stringify({ note: 'x'.repeat(size - 11) });

/** An answer that goes on for a MiB at a time until the client hangs up, as a stream of bytes with no end would. */
const endless: Answer = (_request, response) => {
  const chunk = Buffer.alloc(MiB, 0x20);
  response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_big' });
  const write = (): void => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', write);
  };
  write();
};

async function refusal(call: Promise<unknown>): Promise<ResponseTooLargeError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ResponseTooLargeError);
  return error as ResponseTooLargeError;
}

describe.each(routes)('issue 33: %s reads at most maxResponseBytes', (_route, call) => {
  it('refuses a plain answer past the limit with a ResponseTooLargeError naming it, closes the connection and does not retry', async () => {
    answer = endless;
    requests = 0;
    const error = await refusal(call(client({ maxRetries: 2 })));
    expect(error.message).toBe(
      `GET /v2/user/resolve/{client_user_id} answered 200 with more than ${LIMIT} bytes (maxResponseBytes)`,
    );
    expect(error).toMatchObject({ status: 200, maxResponseBytes: LIMIT, requestId: 'req_big' });
    // The server learns it only when the client closes the connection: a kept-alive one stays open.
    await closed;
    expect(requests).toBe(1);
  });

  it('reads an answer of exactly the limit; a call may raise or lower the client’s limit', async () => {
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(jsonOf(LIMIT));
    await expect(call(client())).resolves.toBeDefined();
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(jsonOf(LIMIT + 1));
    await refusal(call(client()));
    await expect(call(client(), { maxResponseBytes: LIMIT + 1 })).resolves.toBeDefined();
    const lowered = await refusal(call(client({ maxResponseBytes: 4 * LIMIT }), { maxResponseBytes: 100 }));
    expect(lowered.maxResponseBytes).toBe(100);
  });

  it.each(['gzip', 'deflate', 'br', 'gzip, gzip', 'br, gzip'])(
    'counts the decoded bytes of a %s answer, not the bytes received',
    async (encoding) => {
      const body = await bomb(encoding, MiB);
      expect(body.length).toBeLessThan(LIMIT);
      answer = (_request, response) =>
        response
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
          .end(body);
      requests = 0;
      const error = await refusal(call(client({ maxRetries: 2 })));
      expect(error.message).toMatch(`with more than ${LIMIT} bytes (maxResponseBytes)`);
      expect(requests).toBe(1);
    },
  );

  it('refuses an answer in more stacked content codings than a server applies, before decoding it', async () => {
    const body = await bomb('gzip, gzip, gzip', MiB);
    answer = (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip, gzip, gzip' })
        .end(body);
    requests = 0;
    const error = await refusal(call(client({ maxRetries: 2, maxResponseBytes: 4 * MiB })));
    expect(error.message).toBe(
      'GET /v2/user/resolve/{client_user_id} answered 200 in 3 stacked content codings (at most 2 are undone)',
    );
    expect(requests).toBe(1);
  });

  it('refuses a maxResponseBytes that is not a whole number from 1 to 256 MiB, before sending', async () => {
    requests = 0;
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN, 2 ** 28 + 1, '100' as unknown as number]) {
      expect(() => client({ maxResponseBytes })).toThrow(ValidationError);
      const error = await call(client(), { maxResponseBytes }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(
        'Invalid maxResponseBytes: must be 1 to 268435456 bytes',
      );
    }
    expect(requests).toBe(0);
  });
});

it('issue 33: a client reads up to 64 MiB of an answer by default', () => {
  expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * MiB);
});
