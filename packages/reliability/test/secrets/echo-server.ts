// A loopback server that echoes the secrets it receives back into everything it answers: error bodies,
// headers, redirect targets, cursors and job records. The `x-scenario` request header picks the answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface EchoServer {
  url: string;
  close(): Promise<void>;
}

function secretsOf(request: IncomingMessage): string {
  return `key=${request.headers['x-svc-api-key']} token=${request.headers['x-svc-link-token']}`;
}

function answer(request: IncomingMessage, response: ServerResponse): void {
  const echo = secretsOf(request);
  const url = new URL(request.url ?? '/', 'http://x');
  // The scenario: a header (the client's per-call headers), else the query, else the path of a helper's read.
  const scenario = String(
    request.headers['x-scenario'] ??
      url.searchParams.get('scenario') ??
      (/\/job\/(job-\w+)$/.exec(url.pathname)?.[1] ||
        (url.pathname.endsWith('/psc/appointment') ? 'psc-cancelled' : '200')),
  );
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', 'x-echo': echo, ...headers });
    response.end(JSON.stringify(body));
  };
  const status = Number(scenario);
  if (Number.isInteger(status) && status >= 300) {
    const headers: Record<string, string> = status === 429 ? { 'retry-after': '120' } : {};
    if (status < 400) headers.location = `https://elsewhere.example/steal?${encodeURIComponent(echo)}`;
    json(status, { detail: `refused: ${echo}`, message: echo, echo: { headers: request.headers } }, headers);
    return;
  }
  switch (scenario) {
    case 'bad-json':
      response.writeHead(200, { 'content-type': `text/plain; ${echo}`, 'x-echo': echo });
      response.end(`not json: ${echo}`);
      return;
    case 'reset':
      request.socket.resetAndDestroy();
      return;
    case 'stall':
      return; // never answers; the client's timeout or the caller's abort ends it
    case 'job-pending':
    case 'job-failed':
      json(200, { id: 'job_1', status: scenario === 'job-failed' ? 'failed' : 'pending', note: echo });
      return;
    case 'job-unreadable':
      // Finished, with results in a shape the helper cannot read: the error holds the job, secrets and all.
      json(200, { id: 'job_1', status: 'completed', results: { note: echo } });
      return;
    case 'psc-cancelled':
      json(200, { status: 'cancelled', note: echo });
      return;
    case 'repeat-cursor':
      // The API key itself comes back as the cursor, twice: the guard's message quotes the cursor.
      json(200, {
        groups: { oura: [{ source: { provider: 'oura', type: 'ring' }, data: [] }] },
        next_cursor: String(request.headers['x-svc-api-key']),
      });
      return;
    case 'stalled-page':
      json(200, { markers: [{ id: 1, name: echo }], page: 1, size: 1, total: 10 });
      return;
    case 'too-large':
      // More than the call reads, its request id quoting both secrets.
      json(200, { echo, padding: 'x'.repeat(4096) }, { 'x-request-id': echo });
      return;
    case 'endless-pages':
      json(200, { groups: {}, next_cursor: `${echo}-${Math.random()}` });
      return;
    default:
      json(200, { echo });
  }
}

export async function startEchoServer(): Promise<EchoServer> {
  const sockets = new Set<Socket>();
  const server = createServer(answer);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
