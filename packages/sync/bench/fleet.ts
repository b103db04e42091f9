// The fleet bench: N users × steps and three summaries × D days from the sandbox server holding a per-key
// rate limit R (`svc-sandbox --rate-limit R --rate-burst R`), over loopback, into SQLite.
// Figures: sustained requests/s against R, 429 share after the first 30 s, RSS over the run, rows
// against the sandbox's truth. The sync runs as `svc-sync backfill`, a child on plain Node, whose RSS is
// sampled. Env: BENCH_ONLY (runs when unset or naming `sync`), BENCH_SYNC_USERS
// (1000), BENCH_SYNC_RATE (R, 100; 0: no limit, and then a plain node:http loader resolves the same users
// and pulls the same windows from a fresh sandbox of the same world after the sync, for the ratio of the two), BENCH_SYNC_DAYS (90),
// BENCH_SYNC_CONCURRENCY (32), BENCH_SYNC_HEAP_SNAPSHOT (a directory: heap snapshots of the sync at 25 %
// and 75 % of the users), BENCH_SYNC_CPU_PROF (a directory: the sync's CPU profile, summed up by
// `node --import tsx bench/cpu-profile-summary.ts FILE`). With no limit it also gives the CPU each spends
// per request (the sync's process from /proc, the loader's from the bench's own process) and the sandbox's
// while it serves each.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient } from '@svc/client';
import { readableStore } from '../src/console/store-reader.js';
import { openStore } from '../src/index.js';
import { SYNC_BIN, startSandboxServer, stop } from '../test/fixtures/processes.js';
import { sandboxTruth } from '../test/fixtures/sandbox-truth.js';
import { storedRows } from '../test/fixtures/stored-rows.js';
import { type LoaderWindow, loadWindows } from './plain-loader.js';

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

// The build of @svc/sync and what it imports, as `pnpm test` makes it (a cache hit when nothing changed).
const repoRoot = new URL('../../../', import.meta.url).pathname;
execFileSync(
  join(repoRoot, 'node_modules/.bin/turbo'),
  ['run', 'build', '--filter=@svc/sync...', '--output-logs=errors-only', '--concurrency=1'],
  {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  },
);

/**
 * `svc-sandbox` on a free port with the bench's seed, the tests' frozen clock and the limit: the sync's,
 * then a fresh one of the same world for the loader, so each starts as cold (its code not yet optimised,
 * its caches empty). Its request log is drained unread, its errors shown.
 */
async function startSandbox() {
  const started = await startSandboxServer(
    'bench-fleet',
    RATE > 0 ? ['--rate-limit', String(RATE), '--rate-burst', String(RATE)] : [],
  );
  started.child.stderr?.pipe(process.stderr);
  return started;
}
const { child: sandbox, url: sandboxUrl } = await startSandbox();

const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-bench-'));
const storeAddress = `sqlite:${join(dir, 'fleet.db')}`;
const KEY = 'sk_test_bench';
const usersFile = join(dir, 'users.txt');
writeFileSync(usersFile, Array.from({ length: USERS }, (_, i) => `fleet-${i}\n`).join(''));

const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
const started = Date.now();
// The sync as a partner runs it: `svc-sync backfill` on plain Node from the build (no TypeScript loader
// in the process measured), progress read from its JSON lines. BENCH_SYNC_HEAP_SNAPSHOT=DIR: a heap
// snapshot of it (live objects only: it collects first) at a quarter and three quarters of the users.
const snapshotDir = process.env.BENCH_SYNC_HEAP_SNAPSHOT;
const profileDir = process.env.BENCH_SYNC_CPU_PROF;
const cli: ChildProcess = spawn(
  process.execPath,
  [
    ...(snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : []),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    SYNC_BIN,
    'backfill',
    ...['--store', storeAddress, '--users', `@${usersFile}`, '--resources', RESOURCES.join(',')],
    ...['--from', FROM, '--to', TO, '--base-url', sandboxUrl, '--concurrency', String(CONCURRENCY)],
    ...['--progress', 'json'],
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_API_KEY: KEY } },
);
/** The child's resident set, read from /proc (Linux; `ps` elsewhere). */
const rssOf = (pid: number) => {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) * 1024;
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
  }
};
/** The child's CPU time so far (user + system, seconds), read from /proc (Linux; NaN elsewhere). */
const cpuOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields (12th and 13th after the name), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
};
// The sandbox's CPU while it serves each (from before the sync's first request) (its process from /proc), to tell whose work a request costs.
const sandboxCpu = { atStart: cpuOf(sandbox.pid as number), afterSync: Number.NaN, beforeLoader: Number.NaN };
let syncCpu = Number.NaN;
const rss: number[] = [];
// Requests sent and 429s received, as the sync counts them (every attempt is a request).
const counts = { requests: 0, refused: 0 };
let at30: typeof counts | undefined;
let startRss = 0;
const sampler = setInterval(() => {
  if (cli.pid === undefined || cli.exitCode !== null) return;
  const now = rssOf(cli.pid);
  // A process exiting between the check and the read has no VmRSS line left: no sample.
  if (!Number.isFinite(now) || now === 0) return;
  if (!startRss) startRss = now;
  syncCpu = cpuOf(cli.pid);
  rss.push(now);
  if (Date.now() - started >= 30_000 && !at30) at30 = { ...counts };
}, 1_000);
interface ProgressLine {
  users: { seen: number };
  windows: { done: number; planned: number };
  requests: number;
  requestsPerSecond: number;
  rateLimited: number;
  elapsedMs: number;
  finished: boolean;
}
const snapshotsAt = [0.25, 0.75];
let lastLog = 0;
let stdout = '';
cli.stdout?.on('data', (chunk: Buffer) => {
  stdout += chunk.toString();
});
for await (const line of createInterface({ input: cli.stderr as NodeJS.ReadableStream })) {
  if (!line.startsWith('{')) {
    process.stderr.write(`${line}\n`);
    continue;
  }
  const p = JSON.parse(line) as ProgressLine;
  counts.requests = p.requests;
  counts.refused = p.rateLimited;
  if (snapshotDir && p.users.seen >= USERS * (snapshotsAt[0] ?? 2)) {
    process.stderr.write(
      `heap snapshot at ${(snapshotsAt.shift() as number) * 100}% of the users (in ${snapshotDir})\n`,
    );
    cli.kill('SIGUSR2');
  }
  if (Date.now() - lastLog > 10_000 || p.finished) {
    lastLog = Date.now();
    process.stderr.write(
      `${Math.round(p.elapsedMs / 1000)} s: users ${p.users.seen}/${USERS}, windows ${p.windows.done}/${p.windows.planned}, ` +
        `${p.requestsPerSecond} req/s, 429s ${p.rateLimited}\n`,
    );
  }
}
const code = await new Promise<number | null>((resolve) =>
  cli.exitCode !== null ? resolve(cli.exitCode) : cli.once('exit', (exit) => resolve(exit)),
);
clearInterval(sampler);
sandboxCpu.afterSync = cpuOf(sandbox.pid as number);
const result = { status: /^(\w+):/.exec(stdout)?.[1] ?? `exit ${code}` };
const seconds = (Date.now() - started) / 1000;
const store = await openStore(storeAddress);
const status = await store.status();
// The windows the sync read, for the plain loader to read again.
const windows =
  RATE > 0
    ? []
    : await readableStore(store).readRows<LoaderWindow>(
        `SELECT w.user_id AS "userId", u.client_user_id AS "clientUserId", w.resource, w.provider,
           w.start_date AS start, w.end_date AS "end" FROM svc_windows w JOIN svc_users u ON u.user_id = w.user_id`,
      );
// The transactions the windows were committed in: a batch marks its windows done at one instant.
const [commits] = await readableStore(store).readRows<{ windows: number; transactions: number }>(
  `SELECT count(*) AS windows, count(DISTINCT updated_at) AS transactions FROM svc_windows WHERE status = 'done'`,
);
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
await stop(sandbox);
// The same users and windows from a fresh sandbox of the same world with no engine in the way (an
// unlimited sandbox only: a rate limit would refuse the loader, which does not retry).
const fresh = RATE > 0 ? undefined : await startSandbox();
sandboxCpu.beforeLoader = fresh ? cpuOf(fresh.child.pid as number) : Number.NaN;
const loaderCpu = process.cpuUsage();
const loader = fresh && (await loadWindows(fresh.url, KEY, windows, CONCURRENCY));
const loaderCpuSeconds = (() => {
  const used = process.cpuUsage(loaderCpu);
  return (used.user + used.system) / 1e6;
})();
const sandboxLoaderCpu = fresh ? cpuOf(fresh.child.pid as number) - sandboxCpu.beforeLoader : Number.NaN;
if (fresh) await stop(fresh.child);
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
  sustainedOverRate: RATE > 0 ? Math.round((sustained / RATE) * 100) / 100 : null,
  ...(loader && {
    // Both over their whole run: the sync's from its start as a process to its exit.
    syncPerSecond: Math.round(counts.requests / seconds),
    loaderPerSecond: Math.round(loader.requests / loader.seconds),
    loader: { requests: loader.requests, points: loader.points, seconds: Math.round(loader.seconds) },
    syncOverLoader: Math.round((counts.requests / seconds / (loader.requests / loader.seconds)) * 100) / 100,
    // CPU per request, which the machine's load changes far less than requests/s: the sync's process (its
    // last sample, a second or less before it exits) against the bench's own process while it loads.
    cpuMicrosPerRequest: {
      sync: Math.round((syncCpu / counts.requests) * 1e6),
      loader: Math.round((loaderCpuSeconds / loader.requests) * 1e6),
      sandboxServingSync: Math.round(((sandboxCpu.afterSync - sandboxCpu.atStart) / counts.requests) * 1e6),
      sandboxServingLoader: Math.round((sandboxLoaderCpu / loader.requests) * 1e6),
    },
  }),
  windowsPerTransaction: commits ? Math.round((commits.windows / commits.transactions) * 10) / 10 : null,
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
