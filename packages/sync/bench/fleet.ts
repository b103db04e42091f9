// The fleet bench: N users × steps and three summaries × D days from the sandbox server, through a
// loopback proxy holding a per-key rate limit R (the sandbox has none of its own yet), into SQLite.
// Figures: sustained requests/s against R, 429 share after the first 30 s, RSS over the run, rows
// against the sandbox's truth. Env: BENCH_ONLY (runs when unset or naming `sync`), BENCH_SYNC_USERS
// (1000), BENCH_SYNC_RATE (R, 100), BENCH_SYNC_DAYS (90), BENCH_SYNC_CONCURRENCY (32).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { createSync, openStore } from '../src/index.js';
import { startRateLimitProxy } from '../test/fixtures/rate-limit-proxy.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('sync')) process.exit(0);

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_SYNC_USERS', 1000);
const RATE = env('BENCH_SYNC_RATE', 100);
const DAYS = env('BENCH_SYNC_DAYS', 90);
const CONCURRENCY = env('BENCH_SYNC_CONCURRENCY', 32);
const RESOURCES = ['steps', 'activity', 'sleep', 'body'] as const;
// The sandbox's clock starts at 2026-01-05T09:00Z: the D days before it are over, so their data is whole.
const TO = '2026-01-04';
const FROM = new Date(Date.parse(`${TO}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

const require = createRequire(import.meta.url);
const sandboxBin = require
  .resolve('@svc/sandbox/package.json')
  .replace(/package\.json$/, 'bin/svc-sandbox.js');
const sandbox: ChildProcess = spawn(process.execPath, [sandboxBin, '--port', '0', '--seed', 'bench-fleet'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const sandboxUrl = await new Promise<string>((resolve, reject) => {
  let text = '';
  sandbox.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    const match = /listening on (http:\/\/\S+)/.exec(text);
    if (match?.[1]) resolve(match[1]);
  });
  sandbox.once('exit', (code) => reject(new Error(`svc-sandbox exited with ${code}`)));
});
sandbox.stdout?.resume();

const proxy = await startRateLimitProxy(sandboxUrl, RATE);
const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-bench-'));
const store = await openStore(`sqlite:${join(dir, 'fleet.db')}`);
const client = createClient({ apiKey: 'sk_test_bench', baseUrl: proxy.url, maxRetries: 0 });
const sync = createSync({ client, store, resources: RESOURCES, limits: { maxConcurrency: CONCURRENCY } });

const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
const started = Date.now();
const rss: number[] = [];
let at30 = { forwarded: 0, refused: 0 };
const sampler = setInterval(() => {
  rss.push(process.memoryUsage().rss);
  if (Date.now() - started >= 30_000 && at30.forwarded === 0) at30 = { ...proxy.stats };
}, 1_000);
const users = (function* () {
  for (let i = 0; i < USERS; i++) yield `fleet-${i}`;
})();
const run = sync.backfill({ users, from: FROM, to: TO });
let lastLog = 0;
for await (const p of run) {
  if (Date.now() - lastLog > 10_000 || p.finished) {
    lastLog = Date.now();
    process.stderr.write(
      `${Math.round(p.elapsedMs / 1000)} s: users ${p.users.planned}/${USERS}, windows ${p.windows.done}/${p.windows.planned}, ` +
        `${p.requestsPerSecond} req/s, 429s ${p.rateLimited}\n`,
    );
  }
}
const result = await run.result;
clearInterval(sampler);
const seconds = (Date.now() - started) / 1000;
const status = await store.status();
await store.close();
await proxy.close();
sandbox.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

const expected = {
  steps: USERS * DAYS * 24,
  activity: USERS * DAYS,
  sleep: USERS * DAYS,
  body: USERS * DAYS,
};
const rowsExact = RESOURCES.every((r) => status.rows[r] === expected[r]);
const afterFirst30 = {
  forwarded: proxy.stats.forwarded - at30.forwarded,
  refused: proxy.stats.refused - at30.refused,
};
const sustained = afterFirst30.forwarded / Math.max(1, seconds - 30);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const figures = {
  users: USERS,
  days: DAYS,
  resources: RESOURCES.join(', '),
  rate: RATE,
  status: result.status,
  seconds: Math.round(seconds),
  requests: proxy.stats.forwarded + proxy.stats.refused,
  sustainedPerSecondAfter30s: Math.round(sustained * 10) / 10,
  sustainedOverRate: Math.round((sustained / RATE) * 100) / 100,
  share429After30s:
    Math.round((afterFirst30.refused / Math.max(1, afterFirst30.forwarded + afterFirst30.refused)) * 10_000) /
    100,
  rssMB: {
    first: mb(rss[0] ?? 0),
    median: mb([...rss].sort((a, b) => a - b)[rss.length >> 1] ?? 0),
    max: mb(Math.max(...rss)),
  },
  rows: status.rows,
  rowsExact,
  machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${load.join(' / ')} at start`,
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
