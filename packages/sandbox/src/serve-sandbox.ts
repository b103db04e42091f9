import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_ID_HEADER } from '@svc/client';
import { CONSOLE_PREFIX } from './console/console-prefix.js';
import { type ConsoleRoute, lazyConsole } from './console/lazy-console.js';
import type { Sandbox } from './create-sandbox.js';
import { internalsOf } from './sandbox-internals.js';
import { streamedBodyOf, webRequestOf } from './serve/node-request.js';
import { type LoggedAnswer, logOnClose, type RequestLogEntry } from './serve/request-log.js';
import { refuse, unparsedAnswer, writeAnswer } from './serve/write-answer.js';

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

export interface SandboxServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Whether a path is the console's: its prefix, or the prefix without its trailing slash. */
const inConsole = (path: string) => path.startsWith(CONSOLE_PREFIX) || `${path}/` === CONSOLE_PREFIX;

/** Answers one Node request: the console's when it asks for it, else the sandbox's fetch handler's. */
function answerNode(
  sandbox: Sandbox,
  sandboxConsole: ConsoleRoute | undefined,
  at: { origin: string; port: () => number },
  onRequest: ServeOptions['onRequest'],
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const logged: LoggedAnswer = onRequest ? logOnClose(req, res, started, onRequest) : { requestId: null };
    const body = streamedBodyOf(req);
    let request: Request;
    try {
      request = webRequestOf(req, at.origin, body?.stream);
    } catch (error) {
      req.resume();
      const message = `The request could not be read: ${(error as Error).message}`;
      return refuse(res, sandbox.clock.mode, 400, 'bad_request', message);
    }
    const toConsole = sandboxConsole !== undefined && inConsole(new URL(request.url).pathname);
    (toConsole ? sandboxConsole(request, at.port()) : sandbox.fetch(request))
      .then((response) => {
        logged.requestId = response.headers.get(REQUEST_ID_HEADER);
        return writeAnswer(req, res, response, body, () => {
          logged.answeredMs = performance.now() - started;
        });
      })
      .catch((error: unknown) =>
        refuse(res, sandbox.clock.mode, 500, 'sandbox_error', (error as Error).message),
      );
  };
}

/** Serves a sandbox over node:http: the fetch handler behind a socket (and the console beside it). */
export function serveSandbox(sandbox: Sandbox, options: ServeOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  const internals = internalsOf(sandbox);
  const sandboxConsole =
    options.console === false || internals === undefined ? undefined : lazyConsole(internals, host);
  const at = { origin: '', port: (): number => (server.address() as AddressInfo).port };
  const server = createServer(answerNode(sandbox, sandboxConsole, at, options.onRequest));
  // Requests Node's parser cannot read (broken request lines, bad headers) get a 400 and a closed socket.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end(unparsedAnswer(sandbox.clock.mode));
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4011, host, () => {
      server.off('error', reject);
      at.origin = `http://${host.includes(':') ? `[${host}]` : host}:${at.port()}`;
      resolve({
        url: at.origin,
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
