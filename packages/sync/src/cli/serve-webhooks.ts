import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, unwrap, WebhookError, type WebhookEvent } from '@svc/events';
import { answerUnread, type BodyChunks, bodyChunks, readUpTo } from '@svc/server-edge/refused-body';
import type { BackgroundFailure, Sync } from '../sync-types.js';
import { listen } from './listen.js';
import { answerOperation, OPERATION_PATHS, type Operations, pathOf } from './operations/operations-routes.js';

export interface WebhookServerOptions {
  sync: Sync;
  secret: string;
  port: number;
  host: string;
  /** One line per delivery on stdout: readable text, or JSON lines. */
  log: 'text' | 'json';
  /** Stops the server (SIGTERM, SIGINT). */
  signal: AbortSignal;
  /** `/healthz`, `/readyz` and `/metrics`, served beside the deliveries. */
  operations?: Operations;
}

/**
 * What the log says of a delivery: what it was about and what became of it, never its health values
 * (the body's data), its signature or a secret. `reason` is the refusal's own text (it names no value).
 */
export interface DeliveryLog {
  event_type: string | null;
  webhook_id: string | null;
  user_id: string | null;
  windows: number;
  status: number;
  ms: number;
  reason?: string;
}

function logDelivery(format: 'text' | 'json', entry: DeliveryLog): void {
  process.stdout.write(
    format === 'json'
      ? `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`
      : `${entry.event_type ?? '-'} ${entry.webhook_id ?? '-'} user ${entry.user_id ?? '-'} ` +
          `${entry.windows} windows ${entry.status} ${entry.ms}ms${entry.reason ? ` (${entry.reason})` : ''}\n`,
  );
}

/**
 * A delivery's background read that left data unread, on stderr: one line, or one JSON object with
 * `--log json`, naming the user by client user id, the window and the error's class (never a message,
 * a row or a secret). The store keeps the failure too (`svc-sync status --failed`).
 */
export function logReadFailure(format: 'text' | 'json', failure: BackgroundFailure): void {
  const { window } = failure;
  const entry = {
    event: 'background_read_failed',
    outcome: failure.outcome,
    client_user_id: failure.clientUserId,
    user_id: failure.userId,
    resource: window?.resource ?? null,
    provider: window?.provider ?? null,
    start: window?.start ?? null,
    end: window?.end ?? null,
    error: failure.error,
    status: failure.status,
  };
  const what = {
    failed: 'failed for good',
    deferred: 'left pending past its retries',
    stopped: 'stopped',
  }[failure.outcome];
  const user = failure.clientUserId ?? `(user id ${failure.userId})`;
  process.stderr.write(
    format === 'json'
      ? `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`
      : `svc-sync: background read ${what}: ${user}${window ? ` ${window.resource} ${window.provider} ${window.start}..${window.end}` : ''}: ${failure.error}${failure.status === null ? '' : ` ${failure.status}`}\n`,
  );
}

/** The service's user id an event is about, if it names one. */
function userOf(event: WebhookEvent | undefined): string | null {
  const payload = event?.payload as { user_id?: unknown; data?: { user_id?: unknown } } | undefined;
  const id = payload?.user_id ?? payload?.data?.user_id;
  return typeof id === 'string' ? id : null;
}

/** Answers; a body not read in full (refused early) is read and dropped first, so the sender reads the answer. */
function answer(
  request: IncomingMessage,
  response: ServerResponse,
  next: BodyChunks,
  code: number,
  body?: object,
): void {
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  const text = body ? JSON.stringify(body) : '';
  if (request.complete) {
    response.writeHead(code, headers);
    response.end(text || undefined);
    return;
  }
  void answerUnread(request, response, next, code, headers, text);
}

/**
 * The receiver: verifies each delivery (`@svc/events`), records the work it announces in the store,
 * answers 202, and reads the data in the background. A body over the limit gets 413 before it is read
 * (or as soon as it passes the limit) on a connection that closes once the rest is dropped (bounded);
 * a delivery that does not verify, 400.
 */
async function receive(options: WebhookServerOptions, request: IncomingMessage, response: ServerResponse) {
  const started = performance.now();
  const header = request.headers['webhook-id'];
  let event: WebhookEvent | undefined;
  const next = bodyChunks(request);
  const done = (
    status: number,
    body: object | undefined,
    windows = 0,
    reason?: string,
    user: string | null = userOf(event),
  ) => {
    answer(request, response, next, status, body);
    logDelivery(options.log, {
      event_type: event?.name ?? null,
      webhook_id: typeof header === 'string' ? header.slice(0, 200) : null,
      user_id: user,
      windows,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(reason ? { reason } : {}),
    });
  };
  if (request.method !== 'POST') return done(405, { error: 'POST webhook deliveries here' }, 0, 'not a POST');
  const declared = Number(request.headers['content-length']);
  if (declared > DEFAULT_MAX_BODY_BYTES) return done(413, { error: 'body too large' }, 0, 'body too large');
  try {
    const bytes = await readUpTo(next, DEFAULT_MAX_BODY_BYTES);
    if (!bytes) return done(413, { error: 'body too large' }, 0, 'body too large');
    const headers: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers[name] = value;
    event = await unwrap(bytes, headers, { secret: options.secret });
    // Answered once the work is recorded in the store; it is read in the background.
    const { queued, erased, unusable } = await options.sync.handleEvent(event);
    if (erased) {
      // Answered (the sender need not retry) and logged by the tombstone's hash, never the erased id.
      return done(
        202,
        { queued: 0 },
        0,
        `user erased (tombstone ${erased.slice(0, 16)}): nothing stored`,
        null,
      );
    }
    // Still 202: the delivery is received and verified, and sent again it would be no better.
    done(202, { queued }, queued, unusable);
  } catch (error) {
    if (error instanceof WebhookError) return done(400, { error: error.message }, 0, error.message);
    process.stderr.write(`svc-sync: could not record an event: ${(error as Error).message}\n`);
    done(503, { error: 'could not record the event; send it again' }, 0, 'not recorded');
  }
}

/**
 * Serves webhook deliveries (a POST to any other path) and the operation routes until the signal aborts;
 * a port or address that cannot be bound is a usage error.
 */
export async function serveWebhooks(options: WebhookServerOptions): Promise<void> {
  const server = createServer((request, response) => {
    // Health, readiness and metrics need no secret: answered before any delivery is looked at, never logged.
    if (options.operations && OPERATION_PATHS.has(pathOf(request))) {
      answerOperation(options.operations, request, response).catch((error: unknown) => {
        process.stderr.write(`svc-sync: ${pathOf(request)} failed (${(error as Error).name})\n`);
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
      return;
    }
    void receive(options, request, response);
  });
  const port = await listen(server, options.port, options.host);
  process.stdout.write(`svc-sync webhooks listening on http://${options.host}:${port}\n`);
  await new Promise<void>((resolve) =>
    options.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
