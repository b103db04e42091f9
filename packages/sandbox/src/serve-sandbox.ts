import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyChunks, drainRest } from '@svc/server-edge/refused-body';
import { CONSOLE_PREFIX } from './console/console-prefix.js';
import type { Sandbox } from './create-sandbox.js';
import { CLOCK_HEADER, REQUEST_ID_HEADER } from './http/handle-request.js';
import { internalsOf } from './sandbox-internals.js';

export interface ServeOptions {
  /** Default 4011; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Serve the sandbox's console at `/_sandbox/console/` (default true). It is served only when the
   * server listens on a loopback address; elsewhere its routes answer 404.
   */
  console?: boolean;
  /** Called once per answered request, after the answer is sent: one line of the request log. */
  onRequest?: (entry: RequestLogEntry) => void;
}

/** One request as the server logs it. */
export interface RequestLogEntry {
  method: string;
  /** The path without its query (a query can carry user ids). */
  path: string;
  status: number;
  /** Milliseconds from the request's arrival to its answer being written. */
  ms: number;
  request_id: string | null;
}

export interface SandboxServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Refuses with a JSON body; when the headers are already out, the connection is destroyed instead. */
function refuse(res: ServerResponse, clock: string, status: number, code: string, message: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', [CLOCK_HEADER]: clock });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** A request body read on demand: a web stream for the sandbox, and a drain for what it left unread. */
function bodyOf(req: IncomingMessage) {
  const next = bodyChunks(req);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
    // Not `Readable.toWeb`: its cancel destroys the socket, and the client must still read the 413.
    cancel() {},
  });
  /** Reads and drops the rest (bounded), so the connection is never reset while the client still writes. */
  const drain = () => drainRest(req, next);
  return { stream, drain };
}

const hasBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD';

function toRequest(req: IncomingMessage, origin: string, body: ReadableStream<Uint8Array> | undefined) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body,
    // @ts-expect-error: Node's fetch needs `duplex` for a streamed body; the DOM RequestInit type does not list it.
    duplex: 'half',
  });
}

/** The console's handler (its code and files load on its first request, so the API never pays for them) for a server listening on `host`:`port`, made on first use; undefined when it is off. */
function consoleOf(sandbox: Sandbox, options: ServeOptions, host: string) {
  const internals = internalsOf(sandbox);
  if (options.console === false || internals === undefined) return undefined;
  let handler: Promise<(request: Request) => Promise<Response>> | undefined;
  return (request: Request, port: number) => {
    handler ??= Promise.all([import('./console/serve-console.js'), import('./console/page-guard.js')]).then(
      ([{ createConsole }, { isLoopback, loopbackHosts }]) => {
        // Off the loopback interface the page would be open to the network: not served there.
        if (!isLoopback(host))
          return async () =>
            new Response(
              JSON.stringify({
                error: {
                  code: 'unknown_route',
                  message: 'The console is served on a loopback address only.',
                },
              }),
              { status: 404, headers: { 'content-type': 'application/json' } },
            );
        return createConsole(internals, {
          hosts: loopbackHosts(host, port),
          token: randomBytes(32).toString('base64url'),
        });
      },
    );
    return handler.then((handle) => handle(request));
  };
}

/** Serves a sandbox over node:http: the fetch handler behind a socket (and the console beside it). */
export function serveSandbox(sandbox: Sandbox, options: ServeOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const sandboxConsole = consoleOf(sandbox, options, host);
  const server = createServer((req, res) => {
    const started = performance.now();
    // Read from the sandbox's answer: headers given to writeHead are not readable back with getHeader.
    let requestId: string | null = null;
    // When the answer was written: a refused body's connection stays open a while after it.
    let answeredMs: number | undefined;
    if (options.onRequest) {
      const onRequest = options.onRequest;
      // On close, not finish: a refused body's answer never finishes when its connection is cut.
      res.once('close', () => {
        if (!res.headersSent) return;
        onRequest({
          method: req.method ?? '',
          path: (req.url ?? '/').split('?')[0] as string,
          status: res.statusCode,
          ms: Math.round((answeredMs ?? performance.now() - started) * 10) / 10,
          request_id: requestId,
        });
      });
    }
    let request: Request;
    // A GET or HEAD is answered without a body stream (building one costs more than the rest of a read).
    const body = hasBody(req) ? bodyOf(req) : undefined;
    if (!body) req.resume();
    try {
      request = toRequest(req, origin, body?.stream);
    } catch (error) {
      req.resume();
      return refuse(
        res,
        sandbox.clock.mode,
        400,
        'bad_request',
        `The request could not be read: ${(error as Error).message}`,
      );
    }
    const path = new URL(request.url).pathname;
    const inConsole =
      sandboxConsole !== undefined && (path.startsWith(CONSOLE_PREFIX) || `${path}/` === CONSOLE_PREFIX);
    (inConsole ? sandboxConsole(request, (server.address() as AddressInfo).port) : sandbox.fetch(request))
      .then(async (response) => {
        requestId = response.headers.get(REQUEST_ID_HEADER);
        const payload = Buffer.from(await response.arrayBuffer());
        const unread = body !== undefined && !req.complete;
        if (!unread) {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          return void res.end(payload);
        }
        // A body refused before it was read in full (413) is answered at once, with its length, on a
        // connection that then closes; the response ends only once the rest of the body is read and
        // dropped (bounded). Ending it at once would have Node close the socket on unread bytes: a
        // reset, which can discard the answer before a client still sending reads it (RFC 9112 §9.6).
        res.writeHead(response.status, {
          ...Object.fromEntries(response.headers),
          'content-length': String(payload.byteLength),
          connection: 'close',
        });
        res.write(payload);
        answeredMs = performance.now() - started;
        if (await body.drain()) res.end();
      })
      .catch((error: unknown) =>
        refuse(res, sandbox.clock.mode, 500, 'sandbox_error', (error as Error).message),
      );
  });
  // Requests Node's parser cannot read (broken request lines, bad headers) get a 400 and a closed socket.
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n${CLOCK_HEADER}: ${sandbox.clock.mode}\r\nconnection: close\r\n\r\n{"error":{"code":"bad_request","message":"The request could not be parsed."}}`,
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
