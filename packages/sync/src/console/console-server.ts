// The console's one request pipeline: refuse a foreign Host or Origin (403), then the page's files, its
// reads (GET /api/…) and its actions (a same-origin POST with the per-process token). Every answer
// carries a Content-Security-Policy allowing only the page's own origin. Nothing is logged per request.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withToken } from '@svc/server-edge/page-files';
import { loopbackHosts } from '@svc/server-edge/page-guard';
import { PAGE_HEADERS } from '@svc/server-edge/page-headers';
import { answerUnread, type BodyChunks, bodyChunks, readUpTo } from '@svc/server-edge/refused-body';
import { SyncInputError } from '../errors/errors.js';
import type { ConsoleApi } from './console-api.js';
import { loadAssets } from './page-assets.js';
import { mayChange, refusal } from './request-guard.js';

/** The largest action body read (a list of users to retry): beyond it, 413. */
const MAX_BODY_BYTES = 64 * 1024;

export interface ConsoleServer {
  url: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { ...PAGE_HEADERS, 'content-type': type });
  response.end(body);
}

const json = (response: ServerResponse, status: number, value: unknown) =>
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

async function readBody(request: IncomingMessage): Promise<unknown> {
  const next = bodyChunks(request);
  // A declared length over the limit is refused before a byte is read.
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new BodyTooLarge(next);
  const bytes = await readUpTo(next, MAX_BODY_BYTES);
  if (bytes === undefined) throw new BodyTooLarge(next);
  try {
    return JSON.parse(bytes.toString('utf8') || '{}');
  } catch {
    throw new SyncInputError('the body must be JSON');
  }
}

/** A body past the limit, with what is left of it to drain after the answer. */
class BodyTooLarge extends Error {
  constructor(readonly rest: BodyChunks) {
    super('body too large');
  }
}

/** Serves the console on `host:port` until `close()`; the page's token is made here, once per process. */
export async function startConsoleServer(
  api: ConsoleApi,
  options: { host: string; port: number },
): Promise<ConsoleServer> {
  const token = randomBytes(32).toString('base64url');
  const { html, files } = loadAssets();
  const page = withToken(html, token);
  let hosts = new Set<string>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refused = refusal(request, hosts);
    if (refused) return json(response, 403, { error: refused });
    const url = new URL(request.url ?? '/', 'http://console');
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (url.pathname === '/') return send(response, 200, 'text/html; charset=utf-8', page);
      // The page has no icon; an empty answer keeps the browser's own request from logging a 404.
      if (url.pathname === '/favicon.ico') return send(response, 204, 'image/x-icon', '');
      const asset = files.get(url.pathname);
      if (asset) return send(response, 200, asset.type, asset.body);
      const read = api.reads[url.pathname];
      if (read) return json(response, 200, await read(url.searchParams));
      return json(response, 404, { error: 'no such page' });
    }
    if (request.method === 'POST') {
      if (!mayChange(request, token))
        return json(response, 403, { error: 'an action needs the page it was served with' });
      const action = api.actions[url.pathname];
      if (!action) return json(response, 404, { error: 'no such action' });
      return json(response, 200, await action(await readBody(request)));
    }
    response.setHeader('allow', 'GET, HEAD, POST');
    return json(response, 405, { error: 'method not allowed' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof BodyTooLarge)
        // Answered at once, the rest read and dropped (bounded): a sender still uploading reads the 413.
        return void answerUnread(
          request,
          response,
          error.rest,
          413,
          { ...PAGE_HEADERS, 'content-type': 'application/json; charset=utf-8' },
          JSON.stringify({ error: `the body is over ${MAX_BODY_BYTES} bytes` }),
        );
      if (error instanceof SyncInputError) return json(response, 400, { error: error.message });
      // The store's message may name the store; the page is told only that the read failed.
      json(response, 503, { error: 'the store could not be read; try again' });
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  hosts = loopbackHosts(options.host, port);
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shown}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
