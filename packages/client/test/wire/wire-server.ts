// The loopback server both wire test files send to: it records every request as it arrived on the
// socket, and which client sent it; the clients they compare, and the answers they give.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createNodeHttpClient } from '#node-http';
import { type ClientOptions, createClient, type RequestOptions, type SvcClient } from '../../src/index.js';

/** One request as it arrived on the socket. */
export interface Captured {
  method: string;
  url: string;
  /** Every header, lower-cased name and value pairs, sorted (a multipart boundary replaced by `BOUNDARY`). */
  headers: string[];
  body: string;
}

export type Answer = (request: IncomingMessage, response: ServerResponse) => void;
export type Sender = 'node:http' | 'fetch';

export const captured: Captured[] = [];
/** Which client sent each captured request: node:http writes `Host`, fetch writes `host`. */
export const senders: Sender[] = [];
/** Who sends a named call with no custom fetch and no middleware: node:http on Node, fetch in the `fetch only` project. */
export const NAMED: Sender = createNodeHttpClient !== undefined ? 'node:http' : 'fetch';
/** How the server answers the next requests: each test sets it. */
export const wire: { answer: Answer } = { answer: () => undefined };
let server: Server;
let baseUrl: string;

/** Starts the server for the calling test file, and stops it after; restores every spy after each test. */
export function useWireServer(): void {
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
        wire.answer(request, response);
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
}

export const ok: Answer = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
};

/** A 503 that asks for an immediate retry, then `ok` for every later request. */
export const busyOnce = (): Answer => {
  let attempts = 0;
  return (request, response) => {
    attempts++;
    if (attempts === 1) response.writeHead(503, { 'retry-after': '0' }).end('{"detail":"busy"}');
    else ok(request, response);
  };
};

const options: Partial<ClientOptions> = { apiKey: 'sk-wire-0123456789', headers: { 'x-team': 'lab' } };
export const client = (extra: Partial<ClientOptions> = {}): SvcClient =>
  createClient({ ...options, baseUrl, ...extra } as ClientOptions);
/** A client whose named methods take openapi-fetch's path, as every call did before: a middleware that changes nothing. */
export const throughOpenapiFetch = (extra: Partial<ClientOptions> = {}): SvcClient => {
  const svc = client(extra);
  svc.use({ onRequest: () => undefined });
  return svc;
};
export const callOptions: RequestOptions = { idempotencyKey: 'wire-key-0001', headers: { 'x-trace': 't1' } };

/** The one request `send` puts on the wire, checked to come from the client expected to send it. */
export async function capture(send: () => Promise<unknown>, sender: Sender): Promise<Captured> {
  captured.length = 0;
  senders.length = 0;
  await send();
  expect(captured).toHaveLength(1);
  expect(senders).toEqual([sender]);
  return captured[0] as Captured;
}
