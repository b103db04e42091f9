// In-process `sandbox.fetch` per call, in a fresh node process without --expose-gc: an exposed GC
// makes every Request and Response about three times as costly, which no partner's process pays.
// argv: rounds calls. Prints JSON rows: wall and CPU µs per call, median over rounds.
import { createSandbox } from '@svc/sandbox';

const [rounds, calls] = process.argv.slice(2).map(Number);
const KEY = 'sk_test_bench';
const headers = { 'x-svc-api-key': KEY };
const sandbox = createSandbox({ apiKey: KEY });
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const round1 = (value) => Math.round(value * 10) / 10;

async function call(path) {
  const response = await sandbox.fetch(new Request(`${sandbox.url}${path}`, { headers }));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
}

const user = await (
  await sandbox.fetch(new Request(`${sandbox.url}/v2/user/resolve/bench-user`, { headers }))
).json();
const reads = {
  resolveUser: '/v2/user/resolve/bench-user',
  'getStepsGrouped (1 day, 24 points)': `/v2/timeseries/${user.user_id}/steps/grouped?start_date=2026-01-01&end_date=2026-01-04`,
};
const rows = [];
for (const [read, path] of Object.entries(reads)) {
  for (let i = 0; i < 500; i++) await call(path); // warm: compiled validators, JIT
  const wall = [];
  const cpu = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await call(path);
    wall.push(((performance.now() - t0) * 1000) / calls);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / calls);
  }
  rows.push({ read, wallUs: round1(median(wall)), cpuUs: round1(median(cpu)) });
}
process.stdout.write(JSON.stringify(rows));
