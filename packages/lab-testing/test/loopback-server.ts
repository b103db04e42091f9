// A small node:http server on 127.0.0.1 (port 0) for the flows that need state, which Prism does not
// keep. Each test file gives it a handler and closes it when the test ends.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Milliseconds since the server started. */
  at: number;
}

/** A JSON reply, or `'drop'` to reset the connection after the request was read (a lost response). */
export type Reply = { status?: number; headers?: Record<string, string>; body?: unknown } | 'drop';

export type Handler = (request: Received) => Reply | Promise<Reply>;

export interface LoopbackServer {
  baseUrl: string;
  requests: Received[];
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply === 'drop') {
    res.socket?.destroy();
    return;
  }
  const { status = 200, headers = {}, body = {} } = reply;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts the server for the current test and closes it (and its connections) when the test ends. */
export async function startLoopback(handler: Handler): Promise<LoopbackServer> {
  const started = performance.now();
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const received: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now() - started,
      };
      requests.push(received);
      Promise.resolve()
        .then(() => handler(received))
        .then(
          (reply) => send(res, reply),
          (error: unknown) => send(res, { status: 599, body: { detail: String(error) } }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

/** The JSON body of a received request. */
export const jsonOf = (request: Received | undefined): Record<string, unknown> =>
  JSON.parse(request?.body.toString('utf8') ?? 'null') as Record<string, unknown>;
