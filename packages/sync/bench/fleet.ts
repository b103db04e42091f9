// The fleet bench: N users × steps and three summaries × D days from the sandbox server holding a per-key
// rate limit R (`svc-sandbox --rate-limit R --rate-burst R`), over loopback, into SQLite.
// Figures: sustained requests/s against R, 429 share after the first 30 s, RSS over the run, rows
// against the sandbox's truth. Env: BENCH_ONLY (runs when unset or naming `sync`), BENCH_SYNC_USERS
// (1000), BENCH_SYNC_RATE (R, 100), BENCH_SYNC_DAYS (90), BENCH_SYNC_CONCURRENCY (32).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { createSync, openStore, teamFingerprint } from '../src/index.js';
import { sandboxTruth } from '../test/fixtures/sandbox-truth.js';
import { storedRows } from '../test/fixtures/stored-rows.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('sync')) process.exit(0);

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_SYNC_USERS', 1000);
const RATE = env('BENCH_SYNC_RATE', 100);
const DAYS = env('BENCH_SYNC_DAYS', 90);
const CONCURRENCY = env('BENCH_SYNC_CONCURRENCY', 32);
const RESOURCES = ['steps', 'activity', 'sleep', 'body'] as const;
// The sandbox's clock is frozen at 2026-01-05T09:00Z: the D days before it are over, so their data is whole.
const TO = '2026-01-04';
const FROM = new Date(Date.parse(`${TO}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

const require = createRequire(import.meta.url);
const sandboxBin = require
  .resolve('@svc/sandbox/package.json')
  .replace(/package\.json$/, 'bin/svc-sandbox.js');
const sandbox: ChildProcess = spawn(
  process.execPath,
  [
    sandboxBin,
    '--port',
    '0',
    '--seed',
    'bench-fleet',
    '--frozen',
    '--start-time',
    '2026-01-05T09:00:00Z',
    '--rate-limit',
    String(RATE),
    '--rate-burst',
    String(RATE),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
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

const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-bench-'));
const storeAddress = `sqlite:${join(dir, 'fleet.db')}`;
const store = await openStore(storeAddress);
const KEY = 'sk_test_bench';
const client = createClient({ apiKey: KEY, baseUrl: sandboxUrl, maxRetries: 0 });
const sync = createSync({
  client,
  store,
  team: teamFingerprint(KEY),
  resources: RESOURCES,
  limits: { maxConcurrency: CONCURRENCY },
});

const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
const started = Date.now();
const startRss = process.memoryUsage().rss;
const rss: number[] = [];
// Where the memory is, each second: V8's heap (used and reserved), and what lives outside it (Buffers).
const parts: { heapUsed: number; heapTotal: number; external: number }[] = [];
// Requests sent and 429s received, as the sync counts them (every attempt is a request).
const counts = { requests: 0, refused: 0 };
let at30: typeof counts | undefined;
const sampler = setInterval(() => {
  const memory = process.memoryUsage();
  rss.push(memory.rss);
  parts.push({ heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external });
  if (Date.now() - started >= 30_000 && !at30) at30 = { ...counts };
}, 1_000);
const users = (function* () {
  for (let i = 0; i < USERS; i++) yield `fleet-${i}`;
})();
const run = sync.backfill({ users, from: FROM, to: TO });
let lastLog = 0;
for await (const p of run) {
  counts.requests = p.requests;
  counts.refused = p.rateLimited;
  if (Date.now() - lastLog > 10_000 || p.finished) {
    lastLog = Date.now();
    process.stderr.write(
      `${Math.round(p.elapsedMs / 1000)} s: users ${p.users.planned}/${USERS}, windows ${p.windows.done}/${p.windows.planned}, ` +
        `${p.requestsPerSecond} req/s, 429s ${p.rateLimited}\n`,
    );
  }
}
const result = await run.result;
counts.requests = result.progress.requests;
counts.refused = result.progress.rateLimited;
clearInterval(sampler);
const seconds = (Date.now() - started) / 1000;
const status = await store.status();
await store.close();
// Every row of a sample of users (1 in 100) against what the sandbox holds for them, read straight from it.
const sample = Array.from({ length: Math.ceil(USERS / 100) }, (_, i) => `fleet-${i * 100}`);
const truthClient = createClient({ apiKey: KEY, baseUrl: sandboxUrl });
const truth = await sandboxTruth(truthClient, sample, RESOURCES, FROM, TO);
const sampleIds = await Promise.all(
  sample.map(async (id) => (await truthClient.resolveUser({ client_user_id: id })).user_id),
);
const stored = await storedRows(storeAddress, sampleIds);
const sampleExact =
  truth.size > 0 &&
  stored.size === truth.size &&
  [...truth].every(([key, value]) => stored.get(key) === value);
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
  answered: counts.requests - counts.refused - ((at30?.requests ?? 0) - (at30?.refused ?? 0)),
  refused: counts.refused - (at30?.refused ?? 0),
};
// A run shorter than a minute has no steady state to speak of.
const sustained = seconds >= 60 && at30 ? afterFirst30.answered / (seconds - 30) : Number.NaN;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const figures = {
  users: USERS,
  days: DAYS,
  resources: RESOURCES.join(', '),
  rate: RATE,
  status: result.status,
  seconds: Math.round(seconds),
  requests: counts.requests,
  refused429: counts.refused,
  sustainedPerSecondAfter30s: Math.round(sustained * 10) / 10,
  sustainedOverRate: Math.round((sustained / RATE) * 100) / 100,
  share429After30s:
    Math.round((afterFirst30.refused / Math.max(1, afterFirst30.answered + afterFirst30.refused)) * 10_000) /
    100,
  rssMB: {
    start: mb(startRss),
    first: mb(rss[0] ?? 0),
    median: mb([...rss].sort((a, b) => a - b)[rss.length >> 1] ?? 0),
    max: mb(Math.max(...rss)),
    // Flat means the last quarter is no higher than the first.
    byQuarter: [1, 2, 3, 4].map((q) =>
      mb(Math.max(...rss.slice(((q - 1) * rss.length) >> 2, (q * rss.length) >> 2), 0)),
    ),
    // The peak of each part by quarter: heap used, heap reserved by V8, memory outside the heap.
    partsByQuarter: (['heapUsed', 'heapTotal', 'external'] as const).map(
      (part) =>
        `${part} ${[1, 2, 3, 4]
          .map((q) =>
            mb(
              Math.max(
                ...parts.slice(((q - 1) * parts.length) >> 2, (q * parts.length) >> 2).map((p) => p[part]),
                0,
              ),
            ),
          )
          .join(' / ')}`,
    ),
  },
  rows: status.rows,
  rowsExact,
  sampleUsersExact: `${sample.length} users, ${truth.size} rows: ${sampleExact ? 'exact' : 'DIFFERENT'}`,
  loadAtEnd: os
    .loadavg()
    .map((n) => Math.round(n * 100) / 100)
    .join(' / '),
  machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${load.join(' / ')} at start`,
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
