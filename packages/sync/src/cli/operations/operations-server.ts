// The worker's own small server (`--metrics-port`): the operation routes and nothing else (404).
import { createServer } from 'node:http';
import { listen } from '../listen.js';
import { answerOperation, OPERATION_PATHS, type Operations, pathOf } from './operations-routes.js';

export interface OperationsServer {
  port: number;
  close(): Promise<void>;
}

export async function serveOperations(
  operations: Operations,
  port: number,
  host: string,
): Promise<OperationsServer> {
  const server = createServer((request, response) => {
    if (OPERATION_PATHS.has(pathOf(request))) {
      answerOperation(operations, request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
      return;
    }
    request.resume();
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'not found: GET /healthz, /readyz or /metrics' }));
  });
  const bound = await listen(server, port, host, '--metrics-port');
  return {
    port: bound,
    async close() {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
