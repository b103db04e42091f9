// Named calls on Node go over node:http (src/internal/transport/node/). These tests state what
// that transport adds; every other client test runs over it too (the `unit` project) and over fetch
// alone (the `unit (fetch only)` project).
import { Agent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { listenOnLoopback } from '@svc/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SvcClient, ValidationError } from '../../src/index.js';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;
let answer: Answer;
const senders: string[] = [];
const server = createServer((request, response) => {
  // node:http writes `Host`, fetch writes `host`: which client sent the request.
  senders.push(request.rawHeaders.includes('Host') ? 'node:http' : 'fetch');
  request.resume();
  request.on('end', () => answer(request, response));
});
let listening: Awaited<ReturnType<typeof listenOnLoopback>>;
beforeAll(async () => {
  listening = await listenOnLoopback(server);
});
afterAll(() => listening.close());

const user = { user_id: 'u-1', note: 'Zoë 🩺' };
const options = () => ({ apiKey: 'sk-test-0123456789', baseUrl: listening.baseUrl, maxRetries: 0 });
const viaFetch = (): SvcClient =>
  createClient({ ...options(), fetch: (request, init) => fetch(request, init) });
const call = (client: SvcClient) => client.resolveUser({ client_user_id: 'u-1' });

describe('named calls over node:http', () => {
  it('sends a named call over node:http, and over fetch with a custom fetch or a replaced global fetch', async () => {
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    senders.length = 0;
    await call(createClient(options()));
    await call(viaFetch());
    await createClient(options()).GET('/v2/user/resolve/{client_user_id}', {
      params: { path: { client_user_id: 'u-1' } },
    });
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => original(input, init);
    try {
      await call(createClient(options()));
    } finally {
      globalThis.fetch = original;
    }
    expect(senders).toEqual(['node:http', 'fetch', 'fetch', 'fetch']);
  });

  it('refuses a header value with a control character, which neither node:http nor fetch sends, before sending', async () => {
    const notes: string[] = [];
    answer = (request, response) => {
      notes.push(String(request.headers['x-note']));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    };
    senders.length = 0;
    const svc = createClient(options());
    for (const value of ['a\u0001b', 'a\u007fb'])
      await expect(
        svc.resolveUser({ client_user_id: 'u-1' }, { headers: { 'x-note': value } }),
      ).rejects.toBeInstanceOf(ValidationError);
    await svc.resolveUser({ client_user_id: 'u-1' }, { headers: { 'x-note': ' plain\t' } });
    expect(senders).toEqual(['node:http']);
    expect(notes).toEqual(['plain']);
  });

  it('refuses it the same way from the typed path client and through middleware, before sending', async () => {
    answer = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    senders.length = 0;
    const svc = createClient({ ...options(), maxRetries: 2 });
    const throughMiddleware = createClient({ ...options(), maxRetries: 2 });
    throughMiddleware.use({ onRequest: ({ request }) => request });
    const path = { client_user_id: 'u-1' };
    const failures = await Promise.allSettled([
      svc.GET('/v2/user/resolve/{client_user_id}', { params: { path }, headers: { 'x-note': 'a\u0001b' } }),
      svc.GET('/v2/user/resolve/{client_user_id}', {
        params: { path, header: { 'x-note': 'a\u007fb' } } as never,
      }),
      throughMiddleware.resolveUser(path, { headers: { 'x-note': 'a\u0001b' } }),
      throughMiddleware.GET('/v2/user/resolve/{client_user_id}', {
        params: { path },
        headers: { 'x-svc-link-token': 'lt-secret\u0001value' },
      }),
    ]);
    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      const error = (failure as PromiseRejectedResult).reason as Error;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/: invalid value of header x-(note|svc-link-token)$/);
      expect(error.message).not.toContain('lt-secret');
    }
    // Nothing was sent, not even a retry; a plain value still goes out as before.
    expect(senders).toEqual([]);
    await svc.GET('/v2/user/resolve/{client_user_id}', { params: { path }, headers: { 'x-note': 'plain' } });
    expect(senders).toEqual(['fetch']);
  });

  it.each([
    ['gzip', (body: Buffer) => gzipSync(body)],
    ['x-gzip', (body: Buffer) => gzipSync(body)],
    ['deflate', (body: Buffer) => deflateSync(body)],
    ['deflate', (body: Buffer) => deflateRawSync(body)],
    ['br', (body: Buffer) => brotliCompressSync(body)],
    ['gzip, br', (body: Buffer) => brotliCompressSync(gzipSync(body))],
  ])('decompresses a %s answer as fetch does', async (coding, encode) => {
    answer = (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding })
        .end(encode(Buffer.from(JSON.stringify(user))));
    expect(await call(createClient(options()))).toEqual(user);
    expect(await call(viaFetch())).toEqual(user);
  });

  it('leaves an answer in an unknown coding as it came, as fetch does', async () => {
    answer = (_request, response) =>
      response.writeHead(500, { 'content-type': 'text/plain', 'content-encoding': 'x-unknown' }).end('raw');
    const bodyOf = (client: SvcClient) => call(client).catch((error: { body: unknown }) => error.body);
    expect(await bodyOf(createClient(options()))).toBe('raw');
    expect(await bodyOf(viaFetch())).toBe('raw');
  });

  it('hands back a Response from withResponse() that reads as the one fetch returns', async () => {
    answer = (_request, response) =>
      response
        .writeHead(200, 'Fine', {
          'content-type': 'application/json',
          'x-request-id': 'req_9',
          'x-many': ['a', 'b'],
        })
        .end(JSON.stringify(user));
    const over = await call(createClient(options())).withResponse();
    const fetched = await call(viaFetch()).withResponse();
    expect(over.requestId).toBe('req_9');
    for (const name of ['status', 'statusText', 'ok', 'url', 'type', 'redirected', 'bodyUsed'] as const)
      expect(over.response[name], name).toEqual(fetched.response[name]);
    const withoutDate = (response: Response) => [...response.headers].filter(([name]) => name !== 'date');
    expect(withoutDate(over.response)).toEqual(withoutDate(fetched.response));
    expect(await over.response.json()).toEqual(user);
  });

  it('sends through the httpAgent given, and refuses one that is not an agent', async () => {
    const received: string[][] = [];
    answer = (request, response) => {
      const lines: string[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]?.toLowerCase()}: ${request.rawHeaders[i + 1]}`);
      received.push(lines);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    };
    const agent = new Agent({ keepAlive: true });
    let created = 0;
    const createConnection = agent.createConnection.bind(agent);
    agent.createConnection = (...args: Parameters<typeof createConnection>) => {
      created++;
      return createConnection(...args);
    };
    try {
      await call(createClient({ ...options(), httpAgent: agent }));
      expect(created).toBe(1);
      // The same headers as through the client's own agent (which gets them as a flat list).
      await call(createClient(options()));
      expect(received).toHaveLength(2);
      expect(received[0]).toContain(`x-svc-api-key: ${options().apiKey}`);
      expect(received[0]).toEqual(received[1]);
    } finally {
      agent.destroy();
    }
    expect(() => createClient({ ...options(), httpAgent: {} as never })).toThrow(ValidationError);
  });
});
