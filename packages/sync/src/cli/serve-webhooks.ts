import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, unwrap, WebhookError } from '@svc/events';
import type { Sync } from '../sync-types.js';
import { CliFailure, EXIT } from './exit-codes.js';

export interface WebhookServerOptions {
  sync: Sync;
  secret: string;
  port: number;
  host: string;
  /** Stops the server (SIGTERM, SIGINT). */
  signal: AbortSignal;
}

/** Answers, and closes the connection when the request's body was not read whole (the next request would read its rest). */
function answer(request: IncomingMessage, response: ServerResponse, code: number, body?: object): void {
  const unread = !request.complete;
  response.writeHead(code, {
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(unread ? { connection: 'close' } : {}),
  });
  response.end(body ? JSON.stringify(body) : undefined, () => {
    if (unread) request.socket.destroy();
  });
}

/**
 * The receiver: verifies each delivery (`@svc/events`), records the work it announces in the store,
 * answers 202, and reads the data in the background. A body over the limit gets 413 before it is read
 * (or as soon as it passes the limit) on a connection that closes; a delivery that does not verify, 400.
 */
async function receive(options: WebhookServerOptions, request: IncomingMessage, response: ServerResponse) {
  if (request.method !== 'POST')
    return answer(request, response, 405, { error: 'POST webhook deliveries here' });
  const declared = Number(request.headers['content-length']);
  if (declared > DEFAULT_MAX_BODY_BYTES) return answer(request, response, 413, { error: 'body too large' });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > DEFAULT_MAX_BODY_BYTES) return answer(request, response, 413, { error: 'body too large' });
      chunks.push(chunk);
    }
    const headers: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers[name] = value;
    const event = await unwrap(Buffer.concat(chunks), headers, { secret: options.secret });
    // Answered once the work is recorded in the store; it is read in the background.
    const { queued } = await options.sync.handleEvent(event);
    answer(request, response, 202, { queued });
  } catch (error) {
    if (error instanceof WebhookError) return answer(request, response, 400, { error: error.message });
    process.stderr.write(`svc-sync: could not record an event: ${(error as Error).message}\n`);
    answer(request, response, 503, { error: 'could not record the event; send it again' });
  }
}

/** Serves webhook deliveries until the signal aborts; a port or address that cannot be bound is a usage error. */
export async function serveWebhooks(options: WebhookServerOptions): Promise<void> {
  const server = createServer((request, response) => void receive(options, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new CliFailure(
              `port ${options.port} is already in use: pass --port <another port> (0 picks a free one)`,
              EXIT.usage,
            )
          : ['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EACCES'].includes(error.code ?? '')
            ? new CliFailure(
                `cannot listen on ${options.host}:${options.port} (${error.code}): pass --host 127.0.0.1 or another --port`,
                EXIT.usage,
              )
            : error,
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as { port: number };
  process.stdout.write(`svc-sync webhooks listening on http://${options.host}:${port}\n`);
  await new Promise<void>((resolve) =>
    options.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
