// How a named method reaches the wire: the global fetch once per attempt, openapi-fetch while middleware is
// registered, retries with the same bytes, and answers and refusals read as openapi-fetch reads them.
import { describe, expect, it, vi } from 'vitest';
import { ResponseParseError, type SvcClient, ValidationError } from '../../src/index.js';
import {
  busyOnce,
  captured,
  client,
  NAMED,
  ok,
  senders,
  throughOpenapiFetch,
  useWireServer,
  wire,
} from './wire-server.js';

useWireServer();

describe('how a named method sends', () => {
  it('calls the global fetch once per attempt with a URL, and goes through openapi-fetch while middleware is registered', async () => {
    wire.answer = ok;
    const seen: string[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      seen.push(typeof input === 'string' ? 'url' : 'Request');
      return original(input, init);
    });
    const svc = client();
    await svc.listProviders();
    const added = { onRequest: ({ request }: { request: Request }) => request.headers.set('x-mw', '1') };
    svc.use(added);
    await svc.listProviders();
    expect(captured.at(-1)?.headers).toContain('x-mw: 1');
    svc.eject(added);
    await svc.listProviders();
    expect(captured.at(-1)?.headers).not.toContain('x-mw: 1');
    expect(seen).toEqual(['url', 'Request', 'url']);
  });

  it('retries on the direct path with the same bytes and a fresh signal per attempt', async () => {
    wire.answer = busyOnce();
    captured.length = 0;
    const signals: AbortSignal[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (init?.signal) signals.push(init.signal);
      return original(input, init);
    });
    const data = await client().createOrder({ body: { clinical_notes: 'x' } }, { idempotencyKey: 'k-1' });
    expect(data).toEqual({ ok: true });
    expect(captured).toHaveLength(2);
    expect(captured[1]).toEqual(captured[0]);
    expect(signals).toHaveLength(2);
    expect(signals[0]).not.toBe(signals[1]);
  });

  it('retries a named call with the same bytes, each attempt sent by the same client', async () => {
    wire.answer = busyOnce();
    captured.length = 0;
    senders.length = 0;
    const data = await client().createOrder({ body: { clinical_notes: 'x' } }, { idempotencyKey: 'k-1' });
    expect(data).toEqual({ ok: true });
    expect(captured).toHaveLength(2);
    expect(captured[1]).toEqual(captured[0]);
    expect(senders).toEqual([NAMED, NAMED]);
  });

  it.each([
    ['204, no body', 204, {}, ''],
    ['200 with content-length 0', 200, { 'content-length': '0' }, ''],
    ['200, empty chunked body', 200, { 'transfer-encoding': 'chunked' }, ''],
    ['404 with a JSON error', 404, { 'content-type': 'application/json' }, '{"detail":"no such user"}'],
    ['500 with a text error', 500, { 'content-type': 'text/plain' }, 'upstream down'],
  ] as const)('reads %s as openapi-fetch does', async (_name, status, headers, body) => {
    wire.answer = (_request, response) => {
      response.writeHead(status, headers).end(body);
    };
    const outcome = (svc: SvcClient) =>
      svc
        .getParsingJob({ job_id: 'job_1' }, { maxRetries: 0 })
        .withResponse()
        .then(
          ({ data, response }) => ({ data, status: response.status }),
          (error: { name: string; status?: number; body?: unknown }) => ({
            name: error.name,
            status: error.status,
            body: error.body,
          }),
        );
    expect(await outcome(client())).toEqual(await outcome(throughOpenapiFetch()));
  });

  it('throws ResponseParseError for a success body that is not JSON, on both paths', async () => {
    wire.answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"truncated":');
    };
    await expect(client().getParsingJob({ job_id: 'job_1' })).rejects.toBeInstanceOf(ResponseParseError);
    await expect(throughOpenapiFetch().getParsingJob({ job_id: 'job_1' })).rejects.toBeInstanceOf(
      ResponseParseError,
    );
  });

  it.each([
    ['a BigInt in the body', (svc: SvcClient) => svc.createOrder({ body: { extra: 1n } as never })],
    [
      'a lone surrogate in a path parameter',
      (svc: SvcClient) => svc.resolveUser({ client_user_id: '\uD800' }),
    ],
    [
      'a header value with a line break',
      (svc: SvcClient) => svc.listProviders(undefined, { headers: { 'x-trace': 'a\r\nx-evil: 1' } }),
    ],
  ] as const)(
    'refuses a request that cannot be built (%s) on both paths, sending nothing',
    async (_name, call) => {
      wire.answer = ok;
      for (const svc of [client(), throughOpenapiFetch()]) {
        captured.length = 0;
        await expect(call(svc)).rejects.toBeInstanceOf(ValidationError);
        expect(captured).toHaveLength(0);
      }
    },
  );
});
