// A small node:http server on 127.0.0.1 (port 0) that really pages, unlike Prism, which holds no state.
// Each test gives it a route; it records every request so tests can assert what was sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Received {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/** Answers one request; may return a promise to hold the response open (abort and timeout tests). */
export type Route = (request: Received, index: number) => Reply | Promise<Reply>;

export interface LoopbackServer {
  baseUrl: string;
  /** Every request received, in order. */
  requests: Received[];
  close(): Promise<void>;
}

function reply(res: ServerResponse, { status = 200, headers = {}, body = {} }: Reply): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startServer(route: Route): Promise<LoopbackServer> {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const received = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
    };
    requests.push(received);
    Promise.resolve(route(received, requests.length - 1)).then(
      (answer) => reply(res, answer),
      (error: unknown) => reply(res, { status: 599, body: { detail: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
