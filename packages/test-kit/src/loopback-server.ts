// A small node:http server on 127.0.0.1 (port 0) for what Prism cannot do: keep state, page for real,
// drop a connection, hold a response open, or serve the mock's log to the test workers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './listen-on-loopback.js';

export interface Received {
  method: string;
  path: string;
  /** The query as a record (the last value of a repeated name). */
  query: Record<string, string>;
  searchParams: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Milliseconds since the server started. */
  at: number;
}

/**
 * A JSON reply (`body`), a text reply (`text`), or `'drop'` to reset the connection after the request
 * was read (a lost response).
 */
export type LoopbackAnswer =
  | { status?: number; headers?: Record<string, string>; body?: unknown; text?: string }
  | 'drop';

/** Answers one request (the index counts from 0); may return a promise to hold the response open. */
export type Handler = (request: Received, index: number) => LoopbackAnswer | Promise<LoopbackAnswer>;

export interface LoopbackServer {
  baseUrl: string;
  /** Every request received, in order. */
  requests: Received[];
  /** Closes the server and its open connections. */
  close(): Promise<void>;
}

function send(res: ServerResponse, reply: LoopbackAnswer): void {
  if (reply === 'drop') {
    res.socket?.destroy();
    return;
  }
  const { status = 200, headers = {}, body = {}, text } = reply;
  if (text !== undefined) {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    res.end(text);
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

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
        query: Object.fromEntries(url.searchParams),
        searchParams: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now() - started,
      };
      requests.push(received);
      const index = requests.length - 1;
      Promise.resolve()
        .then(() => handler(received, index))
        .then(
          (reply) => send(res, reply),
          (error: unknown) => send(res, { status: 599, body: { detail: String(error) } }),
        );
    });
  });
  return { ...(await listenOnLoopback(server)), requests };
}

/** The JSON body of a received request. */
export const jsonOf = (request: Received | undefined): Record<string, unknown> =>
  JSON.parse(request?.body.toString('utf8') ?? 'null') as Record<string, unknown>;
