import { randomBytes } from 'node:crypto';
import { loopbackHosts } from '@svc/server-edge/page-guard';
import type { ConsoleParts } from './console-parts.js';

/** A console request's answerer, given the port the server listens on. */
export type ConsoleRoute = (request: Request, port: number) => Promise<Response>;

const offLoopback = () =>
  new Response(
    JSON.stringify({
      error: { code: 'unknown_route', message: 'The console is served on a loopback address only.' },
    }),
    { status: 404, headers: { 'content-type': 'application/json' } },
  );

/**
 * The console's handler for a server listening on `host`, made on its first request (its code and files
 * load then, so the API never pays for them).
 */
export function lazyConsole(parts: ConsoleParts, host: string): ConsoleRoute {
  let handler: Promise<(request: Request) => Promise<Response>> | undefined;
  return (request, port) => {
    handler ??= Promise.all([import('./serve-console.js'), import('./page-guard.js')]).then(
      ([{ createConsole }, { isLoopback }]) =>
        // Off the loopback interface the page would be open to the network: not served there.
        isLoopback(host)
          ? createConsole(parts, {
              hosts: loopbackHosts(host, port),
              token: randomBytes(32).toString('base64url'),
            })
          : async () => offLoopback(),
    );
    return handler.then((handle) => handle(request));
  };
}
