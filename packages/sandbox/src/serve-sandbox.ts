import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Sandbox } from './create-sandbox.js';

export interface ServeOptions {
  /** Default 4011; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called after every request that may have changed state (not GET or HEAD). */
  onChange?: () => void;
}

export interface SandboxServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Refuses with a JSON body; the connection stays usable unless `close` is set. */
function refuse(res: ServerResponse, status: number, code: string, message: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { code, message } }));
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error: Node's fetch needs `duplex` for a streamed body; the DOM RequestInit type does not list it.
    duplex: 'half',
  });
}

/** Serves a sandbox over node:http: the fetch handler behind a socket, nothing more. */
export function serveSandbox(sandbox: Sandbox, options: ServeOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = createServer((req, res) => {
    let request: Request;
    try {
      request = toRequest(req, origin);
    } catch (error) {
      req.resume();
      return refuse(res, 400, 'bad_request', `The request could not be read: ${(error as Error).message}`);
    }
    sandbox
      .fetch(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
        // A body refused before it was read in full: drop the rest rather than read it.
        if (!req.complete) req.destroy();
        if (req.method !== 'GET' && req.method !== 'HEAD') options.onChange?.();
      })
      .catch((error: unknown) => refuse(res, 500, 'sandbox_error', (error as Error).message));
  });
  // Requests Node's parser cannot read (broken request lines, bad headers) get a 400 and a closed socket.
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end(
        'HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":{"code":"bad_request","message":"The request could not be parsed."}}',
      );
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4011, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      resolve({
        url: origin,
        server,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
