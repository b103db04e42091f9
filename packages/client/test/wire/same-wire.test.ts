import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeHttpClient } from '#node-http';
import { operations } from '../../src/generated/operations.js';
import {
  type ClientOptions,
  createClient,
  type RequestOptions,
  ResponseParseError,
  type SvcClient,
  ValidationError,
} from '../../src/index.js';
import type { Operation } from '../../src/operation.js';
import { contractCases } from '../contract/cases.js';

/** One request as it arrived on the socket. */
interface Captured {
  method: string;
  url: string;
  /** Every header, lower-cased name and value pairs, sorted (a multipart boundary replaced by `BOUNDARY`). */
  headers: string[];
  body: string;
}

type Answer = (request: IncomingMessage, response: ServerResponse) => void;
type Sender = 'node:http' | 'fetch';

const captured: Captured[] = [];
/** Which client sent each captured request: node:http writes `Host`, fetch writes `host`. */
const senders: Sender[] = [];
/** Who sends a named call with no custom fetch and no middleware: node:http on Node, fetch in the `fetch only` project. */
const NAMED: Sender = createNodeHttpClient !== undefined ? 'node:http' : 'fetch';
let answer: Answer;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks).toString('latin1');
      const headers: string[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headers.push(`${request.rawHeaders[i]?.toLowerCase()}: ${request.rawHeaders[i + 1]}`);
      }
      const boundary = /boundary=(\S+)/.exec(request.headers['content-type'] ?? '')?.[1];
      const unbound = (text: string) => (boundary ? text.split(boundary).join('BOUNDARY') : text);
      body = unbound(body);
      senders.push(request.rawHeaders.includes('Host') ? 'node:http' : 'fetch');
      captured.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: headers.map(unbound).sort(),
        body,
      });
      answer(request, response);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const ok: Answer = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
};

/** A 503 that asks for an immediate retry, then `ok` for every later request. */
const busyOnce = (): Answer => {
  let attempts = 0;
  return (request, response) => {
    attempts++;
    if (attempts === 1) response.writeHead(503, { 'retry-after': '0' }).end('{"detail":"busy"}');
    else ok(request, response);
  };
};

const options: Partial<ClientOptions> = { apiKey: 'sk-wire-0123456789', headers: { 'x-team': 'lab' } };
const client = (extra: Partial<ClientOptions> = {}): SvcClient =>
  createClient({ ...options, baseUrl, ...extra } as ClientOptions);
/** A client whose named methods take openapi-fetch's path, as every call did before: a middleware that changes nothing. */
const throughOpenapiFetch = (extra: Partial<ClientOptions> = {}): SvcClient => {
  const svc = client(extra);
  svc.use({ onRequest: () => undefined });
  return svc;
};
const callOptions: RequestOptions = { idempotencyKey: 'wire-key-0001', headers: { 'x-trace': 't1' } };

/** The flat params each contract case passes to its named method, captured without sending. */
function exampleParams(id: string): Record<string, unknown> {
  let params: Record<string, unknown> = {};
  const recorder = new Proxy(
    {},
    {
      get: () => (given?: Record<string, unknown>) => {
        params = given ?? {};
        return Promise.resolve();
      },
    },
  );
  void (contractCases as Record<string, (svc: SvcClient) => unknown>)[id]?.(recorder as SvcClient);
  return params;
}

/** The same params split by location, for the typed path client. */
function pathInit(operation: Operation, flat: Record<string, unknown>) {
  const params: Record<'path' | 'query' | 'header', Record<string, unknown>> = {
    path: {},
    query: {},
    header: {},
  };
  for (const [name, value] of Object.entries(flat)) {
    if (name === 'body') continue;
    const where = (['path', 'query', 'header'] as const).find(
      (location) => operation.params?.[location]?.props[name] !== undefined,
    );
    if (!where) throw new Error(`${operation.id}: ${name} has no location`);
    params[where][name] = value;
  }
  return { params, body: flat.body, ...callOptions };
}

/** The one request `send` puts on the wire, checked to come from the client expected to send it. */
async function capture(send: () => Promise<unknown>, sender: Sender): Promise<Captured> {
  captured.length = 0;
  senders.length = 0;
  await send();
  expect(captured).toHaveLength(1);
  expect(senders).toEqual([sender]);
  return captured[0] as Captured;
}

describe('named methods put the same bytes on the wire as openapi-fetch', () => {
  it.each(operations.map((operation) => [operation.id, operation]))(
    '%s: method, URL, headers and body match the openapi-fetch path and the typed path client',
    async (id, operation) => {
      answer = ok;
      const flat = exampleParams(id);
      const call = (svc: SvcClient) => () =>
        (svc as unknown as Record<string, (p: unknown, o: RequestOptions) => Promise<unknown>>)[id]?.(
          flat,
          callOptions,
        ) as Promise<unknown>;
      const direct = await capture(call(client()), NAMED);
      const before = await capture(call(throughOpenapiFetch()), 'fetch');
      const typed = await capture(
        () =>
          (client() as unknown as Record<string, (path: string, init: unknown) => Promise<unknown>>)[
            operation.method
          ]?.(operation.path, pathInit(operation, flat)) as Promise<unknown>,
        'fetch',
      );
      // A custom fetch gets a Request on either path.
      const custom: ClientOptions['fetch'] = (request, init) => globalThis.fetch(request, init);
      const directCustom = await capture(call(client({ fetch: custom })), 'fetch');
      const beforeCustom = await capture(call(throughOpenapiFetch({ fetch: custom })), 'fetch');

      expect(direct.method).toBe(operation.method);
      expect(direct.headers).toContain('x-svc-api-key: sk-wire-0123456789');
      expect(direct.headers).toContain('idempotency-key: wire-key-0001');
      expect(direct).toEqual(before);
      expect(direct).toEqual(typed);
      expect(directCustom).toEqual(before);
      expect(beforeCustom).toEqual(before);
    },
  );

  it('serializes arrays, nulls, encoded path segments and a form-encoded body alike', async () => {
    answer = ok;
    const flat = {
      provider: 'my provider/x?',
      'x-svc-link-token': 'lt_wire_123456',
      body: { mfa_code: 'a&b=c', extra: ['x', 'y'] },
    };
    const perCall: RequestOptions = {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-trace': undefined },
    };
    const direct = await capture(() => client().completePasswordProviderMfa(flat as never, perCall), NAMED);
    const before = await capture(
      () => throughOpenapiFetch().completePasswordProviderMfa(flat as never, perCall),
      'fetch',
    );
    expect(direct).toEqual(before);
    expect(direct.body).toBe('mfa_code=a%26b%3Dc&extra=x%2Cy');
    expect(direct.url).toBe('/v2/link/provider/password/my%20provider%2Fx%3F/complete_mfa');
  });
  it('sends a FormData body given to the typed path client as the named method sends the same file', async () => {
    answer = ok;
    const file = () => new File(['%PDF-1.7\n%form\n'], 'report.pdf', { type: 'application/pdf' });
    const form = new FormData();
    form.append('file', file());
    const named = await capture(
      () => client().createParsingJob({ body: { file: file() } }, callOptions),
      NAMED,
    );
    const typed = await capture(
      () => client().POST('/lab_report/v1/parser/job', { body: form as never, ...callOptions }),
      'fetch',
    );
    expect(typed.body).toContain('%PDF-1.7');
    expect(typed).toEqual(named);
  });
});

describe('how a named method sends', () => {
  it('calls the global fetch once per attempt with a URL, and goes through openapi-fetch while middleware is registered', async () => {
    answer = ok;
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
    answer = busyOnce();
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
    answer = busyOnce();
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
    answer = (_request, response) => {
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
    answer = (_request, response) => {
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
      answer = ok;
      for (const svc of [client(), throughOpenapiFetch()]) {
        captured.length = 0;
        await expect(call(svc)).rejects.toBeInstanceOf(ValidationError);
        expect(captured).toHaveLength(0);
      }
    },
  );
});
