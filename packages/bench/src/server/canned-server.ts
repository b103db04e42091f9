// Bench server, run in a child process (fork) so its CPU never lands on the measured process.
// Answers three routes with canned JSON held as Buffers; anything else is a 404. Loopback only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { markerPage, stepsGrouped, user } from './bodies.js';

const routes: Array<[RegExp, Buffer]> = [
  [/^\/v2\/user\/resolve\/[^/?]+$/, Buffer.from(JSON.stringify(user))],
  [/^\/v3\/lab_tests\/markers$/, Buffer.from(JSON.stringify(markerPage))],
  [/^\/v2\/timeseries\/[^/]+\/steps\/grouped$/, Buffer.from(JSON.stringify(stepsGrouped))],
];

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const body = routes.find(([route]) => route.test(path))?.[1];
  if (!body) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"not found"}');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const sizes = Object.fromEntries(routes.map(([route, body]) => [route.source, body.length]));
  process.send?.({ port: (server.address() as AddressInfo).port, sizes });
});
// The parent disconnects the IPC channel when it is done; close and leave.
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
