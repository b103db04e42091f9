// Benchmark server, run in a child process so its work never lands on the measured heap or thread.
// Serves GET /v2/timeseries/{user_id}/steps/grouped: PAGES pages of POINTS points (two providers), keyed by
// next_cursor. The points JSON is built once; each response only adds its cursor around it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const pages = Number(process.env.BENCH_PAGES ?? 100);
const pointsPerPage = Number(process.env.BENCH_POINTS_PER_PAGE ?? 10_000);

const points = (offset: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const minute = new Date(Date.UTC(2026, 10, 1) + (offset + i) * 60_000);
    const end = new Date(minute.getTime() + 59_000);
    return { start: minute.toISOString(), end: end.toISOString(), unit: 'count', value: (offset + i) % 97 };
  });

const half = pointsPerPage / 2;
const groups = JSON.stringify({
  fitbit: [{ source: { provider: 'fitbit', type: 'wearable' }, data: points(0, half) }],
  garmin: [{ source: { provider: 'garmin', type: 'watch' }, data: points(half, pointsPerPage - half) }],
});
const head = Buffer.from(`{"groups":${groups},"next_cursor":`);

const server = createServer((req, res) => {
  const cursor = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('next_cursor');
  const index = cursor === null ? 0 : Number(cursor.slice(1));
  const next = index + 1 < pages ? `"p${index + 1}"` : 'null';
  const body = Buffer.concat([head, Buffer.from(`${next}}`)]);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port, pageBytes: head.length });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
