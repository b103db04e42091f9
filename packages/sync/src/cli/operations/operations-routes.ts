// The routes a long-running command serves to its platform: `/healthz` (the process answers),
// `/readyz` (the store, and Redis where used, answer) and `/metrics` (Prometheus text). GET and HEAD
// only; they need no secret and say nothing a secret or a user id could be read from.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readiness } from './readiness.js';
import type { SyncMetrics } from './sync-metrics.js';

export interface Operations {
  readiness: Readiness;
  metrics: SyncMetrics;
}

export const OPERATION_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The path of a request target, its query dropped (`/readyz?verbose` is `/readyz`). */
export const pathOf = (request: IncomingMessage) => (request.url ?? '/').split('?')[0] ?? '/';

function send(request: IncomingMessage, response: ServerResponse, code: number, type: string, body: string) {
  response.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : body);
}

const json = (value: object) => JSON.stringify(value);

/** Answers a request for one of OPERATION_PATHS (the caller checks the path); 405 for a method other than GET and HEAD. */
export async function answerOperation(
  operations: Operations,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  // Nothing is read from the body: drained, so the connection can serve the next request.
  request.resume();
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' });
    response.end(json({ error: `${pathOf(request)} answers GET and HEAD only` }));
    return;
  }
  const type = 'application/json';
  switch (pathOf(request)) {
    case '/healthz':
      return send(request, response, 200, type, json({ status: 'ok' }));
    case '/readyz': {
      const { ready, checks } = await operations.readiness.check();
      return send(
        request,
        response,
        ready ? 200 : 503,
        type,
        json({ status: ready ? 'ready' : 'not ready', checks }),
      );
    }
    default: {
      const { contentType, body } = await operations.metrics.scrape();
      return send(request, response, 200, contentType, body);
    }
  }
}
