// The 10,000-user fleet: N users × every resource × D days from a sandbox server with no rate limit, over
// loopback, read two ways as a partner runs them: in process into SQLite (`svc-sync backfill`), and
// queued on BullMQ into PostgreSQL (`svc-sync backfill --redis` queues while W `svc-sync worker`
// processes read). Each path: wall time from the CLI's start to its last window stored, requests/s over
// it, every window's status, the rows of a sample of users against the sandbox's own answers, peak RSS
// by quarter of the run for each sync process, store size per user-day; then a year extrapolated from
// the measured figures at R = 50, 200 and no limit.
// Env: BENCH_FLEET_USERS (10000), BENCH_FLEET_DAYS (30), BENCH_FLEET_PATHS (`sqlite,bullmq`),
// BENCH_FLEET_WORKERS (2), BENCH_FLEET_CONCURRENCY (windows in flight per process, 32),
// BENCH_FLEET_SAMPLE (users compared with the sandbox, 100), BENCH_FLEET_CPU_PROF (a directory: a CPU
// profile of every sync process, summed up by `node --import tsx bench/cpu-profile-summary.ts FILE`),
// BENCH_FLEET_PG_STATEMENTS (1: PostgreSQL's statements while the workers read, by time spent, from
// pg_stat_statements: what the workers ask of it per window).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient } from '@svc/client';
import pg from 'pg';
import { readableStore } from '../src/console/store-reader.js';
import { openStore } from '../src/index.js';
import { planWindows } from '../src/internal/plan/plan-windows.js';
import { RESOURCES } from '../src/resources.js';
import { SYNC_BIN, startSandboxServer, stop } from '../test/fixtures/processes.js';
import { sandboxTruth } from '../test/fixtures/sandbox-truth.js';
import { startPostgres, startRedis } from '../test/fixtures/servers.js';
import { storedRows } from '../test/fixtures/stored-rows.js';
import { cpuSecondsOf, loadNow, requestsOf, round, rssSampler, serverCpuSeconds } from './fleet-parts.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_FLEET_USERS', 10_000);
const DAYS = env('BENCH_FLEET_DAYS', 30);
const WORKERS = env('BENCH_FLEET_WORKERS', 2);
const CONCURRENCY = env('BENCH_FLEET_CONCURRENCY', 32);
const SAMPLE = Math.min(USERS, env('BENCH_FLEET_SAMPLE', 100));
const PATHS = (process.env.BENCH_FLEET_PATHS ?? 'sqlite,bullmq').split(',');
const PROFILE_DIR = process.env.BENCH_FLEET_CPU_PROF;
const PG_STATEMENTS = process.env.BENCH_FLEET_PG_STATEMENTS === '1';
// The sandbox's clock is frozen at 2026-01-05T09:00Z (the fixtures' SANDBOX_NOW): the D days before it are whole.
const TO = '2026-01-04';
const FROM = new Date(Date.parse(`${TO}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const KEY = 'sk_test_bench';

// The build of @svc/sync and what it imports, as `pnpm test` makes it (a cache hit when nothing changed).
const repoRoot = new URL('../../../', import.meta.url).pathname;
execFileSync(
  join(repoRoot, 'node_modules/.bin/turbo'),
  ['run', 'build', '--filter=@svc/sync...', '--output-logs=errors-only', '--concurrency=1'],
  {
    cwd: repoRoot,
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  },
);

const sandbox = await startSandboxServer('bench-fleet-10k');
sandbox.child.stderr?.resume();
const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-fleet-10k-'));
const usersFile = join(dir, 'users.txt');
writeFileSync(usersFile, Array.from({ length: USERS }, (_, i) => `fleet-${i}\n`).join(''));
const sample = Array.from({ length: SAMPLE }, (_, i) => `fleet-${Math.floor((i * USERS) / SAMPLE)}`);
const truthClient = createClient({ apiKey: KEY, baseUrl: sandbox.url });

/** `svc-sync …args` on plain Node from the build, profiled when asked. */
const syncProcess = (args: string[]): ChildProcess =>
  spawn(
    process.execPath,
    [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), SYNC_BIN, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_API_KEY: KEY } },
  );
const backfillArgs = (store: string) => [
  'backfill',
  ...['--store', store, '--users', `@${usersFile}`, '--resources', RESOURCES.join(',')],
  ...['--from', FROM, '--to', TO, '--base-url', sandbox.url, '--concurrency', String(CONCURRENCY)],
  ...['--progress', 'json'],
];

/** Reads a backfill's JSON progress lines (stderr) to its exit: its last line, what it printed, its code. */
async function followBackfill(cli: ChildProcess, label: string) {
  let last:
    | { requests: number; users: { seen: number }; windows: { done: number; planned: number } }
    | undefined;
  let stdout = '';
  let logged = 0;
  cli.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  for await (const line of createInterface({ input: cli.stderr as NodeJS.ReadableStream })) {
    if (!line.startsWith('{')) {
      process.stderr.write(`${label}: ${line}\n`);
      continue;
    }
    last = JSON.parse(line);
    if (Date.now() - logged > 15_000 && last) {
      logged = Date.now();
      process.stderr.write(
        `${label}: users ${last.users.seen}/${USERS}, windows ${last.windows.done}/${last.windows.planned}, load ${loadNow()}\n`,
      );
    }
  }
  const code = await new Promise<number | null>((resolve) =>
    cli.exitCode !== null ? resolve(cli.exitCode) : cli.once('exit', (exit) => resolve(exit)),
  );
  return { last, status: /^(\w+):/.exec(stdout)?.[1] ?? `exit ${code}` };
}

/** What a path stored: rows by resource, windows by status, the requests its windows cost, the sample's rows. */
async function storedFigures(address: string) {
  const store = await openStore(address);
  const status = await store.status();
  const windows = await readableStore(store).readRows<{
    resource: string;
    start: string;
    end: string;
    status: string;
  }>('SELECT resource, start_date AS start, end_date AS "end", status FROM svc_windows');
  await store.close();
  const byStatus: Record<string, number> = {};
  for (const w of windows) byStatus[w.status] = (byStatus[w.status] ?? 0) + 1;
  const ids = await Promise.all(
    sample.map(async (id) => (await truthClient.resolveUser({ client_user_id: id })).user_id),
  );
  const stored = await storedRows(address, ids);
  const exact = stored.size === truth.size && [...truth].every(([key, value]) => stored.get(key) === value);
  return {
    rows: status.rows,
    windows: byStatus,
    windowRequests: windows.reduce((sum, w) => sum + requestsOf(w), 0),
    stepsWindows: windows.filter((w) => w.resource === 'steps').length,
    sample: `${sample.length} users, ${truth.size} rows: ${exact ? 'exact' : `DIFFERENT (${stored.size} stored)`}`,
    sampleExact: exact,
  };
}

const perSecond = (requests: number, seconds: number) => round(requests / seconds);
/** CPU milliseconds per request of each process taking part. */
const msPerRequest = (cpu: Record<string, number>, requests: number) =>
  Object.fromEntries(
    Object.entries(cpu).map(([name, seconds]) => [name, round((seconds * 1000) / requests, 3)]),
  );

async function inProcess() {
  const address = `sqlite:${join(dir, 'fleet.db')}`;
  const load = loadNow();
  const sandboxBefore = cpuSecondsOf(sandbox.child.pid);
  const started = performance.now();
  const cli = syncProcess(backfillArgs(address));
  const rss = rssSampler(() => (cli.pid ? [cli.pid] : []));
  const run = await followBackfill(cli, 'sqlite');
  const seconds = (performance.now() - started) / 1000;
  rss.stop();
  const cpu = { sync: rss.cpuSeconds(cli.pid), sandbox: cpuSecondsOf(sandbox.child.pid) - sandboxBefore };
  const stored = await storedFigures(address);
  const file = address.slice('sqlite:'.length);
  const bytes = [file, `${file}-wal`].reduce(
    (sum, f) => sum + (statSync(f, { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
  const requests = run.last?.requests ?? 0;
  return {
    path: `in process, SQLite, --concurrency ${CONCURRENCY}`,
    status: run.status,
    seconds: round(seconds, 1),
    requests,
    requestsPerSecond: perSecond(requests, seconds),
    cpuMsPerRequest: msPerRequest(cpu, requests),
    rss: rss.figures()[0],
    storeBytes: bytes,
    bytesPerUserDay: round(bytes / (USERS * DAYS)),
    ...stored,
    load: `${load} at start, ${loadNow()} at end`,
  };
}

async function pgBytes(url: string): Promise<number> {
  const [row] = await pgRows<{ n: string }>(
    url,
    `SELECT sum(pg_total_relation_size(c.oid)) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
     WHERE c.relkind = 'r' AND s.nspname = current_schema() AND c.relname LIKE 'svc\\_%'`,
  );
  return Number(row?.n);
}

/** Runs `sql` on its own connection to `url`, giving its rows. */
async function pgRows<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** With BENCH_FLEET_PG_STATEMENTS: pg_stat_statements loaded (a restart) and emptied before the workers start. */
async function countStatements(postgres: Awaited<ReturnType<typeof startPostgres>>) {
  if (!PG_STATEMENTS) return undefined;
  await pgRows(postgres.url, "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
  await postgres.restart();
  await pgRows(postgres.url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return {
    reset: () => pgRows(postgres.url, 'SELECT pg_stat_statements_reset()'),
    /** The statements that took most time, with calls and milliseconds per window. */
    top: async (windows: number) =>
      (
        await pgRows<{ query: string; calls: string; ms: number; rows: string }>(
          postgres.url,
          // Statements alike but for their number of rows (a batch's multi-row upserts) counted as one.
          `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query, sum(calls) AS calls,
             sum(rows) AS rows, sum(total_exec_time + total_plan_time) AS ms
           FROM pg_stat_statements GROUP BY 1 ORDER BY ms DESC LIMIT 12`,
        )
      ).map((s) => ({
        query: s.query,
        callsPerWindow: round(Number(s.calls) / windows, 3),
        msPerWindow: round(s.ms / windows, 4),
        rowsPerCall: round(Number(s.rows) / Number(s.calls), 1),
      })),
  };
}

/** Starts the workers and resolves once each says it is taking jobs. */
async function startWorkers(postgresUrl: string, redisUrl: string): Promise<ChildProcess[]> {
  const workers = Array.from({ length: WORKERS }, () =>
    syncProcess([
      'worker',
      ...['--store', postgresUrl, '--redis', redisUrl, '--base-url', sandbox.url],
      ...['--concurrency', String(CONCURRENCY), '--log', 'json'],
    ]),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const lines = createInterface({ input: worker.stdout as NodeJS.ReadableStream });
          lines.on('line', (line) => {
            if (line.includes('"event":"started"')) resolve();
          });
          worker.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`worker: ${chunk}`));
          worker.once('exit', (code) => reject(new Error(`a worker exited with ${code}`)));
        }),
    ),
  );
  return workers;
}

/** Waits until the store has no pending window (one connection, asked twice a second), telling how many every 15 s. */
async function drained(postgresUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    for (let logged = Date.now(); ; ) {
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM svc_windows WHERE status = 'pending'",
      );
      const pending = Number(rows[0]?.n);
      if (pending === 0) return;
      if (Date.now() - logged > 15_000) {
        logged = Date.now();
        process.stderr.write(`bullmq: ${pending} windows pending, load ${loadNow()}\n`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

/**
 * `backfill --redis` resolves the users, plans their windows and queues them; then the workers start and
 * read every window. Timed apart: the workers' requests/s are theirs alone.
 */
async function queued() {
  const postgres = await startPostgres();
  const redis = await startRedis();
  try {
    execFileSync(process.execPath, [SYNC_BIN, 'migrate', '--store', postgres.url], { stdio: 'ignore' });
    const statements = await countStatements(postgres);
    const load = loadNow();
    const started = performance.now();
    const cli = syncProcess(backfillArgs(postgres.url).concat('--redis', redis.url));
    const backfillRss = rssSampler(() => (cli.pid && cli.exitCode === null ? [cli.pid] : []));
    const run = await followBackfill(cli, 'bullmq');
    const queuedSeconds = (performance.now() - started) / 1000;
    backfillRss.stop();
    const readLoad = loadNow();
    const before = {
      postgres: serverCpuSeconds(postgres.pid()),
      sandbox: cpuSecondsOf(sandbox.child.pid),
      redis: cpuSecondsOf(redis.pid()),
    };
    await statements?.reset();
    const workers = await startWorkers(postgres.url, redis.url);
    const reading = performance.now();
    const rss = rssSampler(() => workers.flatMap((p) => (p.pid && p.exitCode === null ? [p.pid] : [])));
    await drained(postgres.url);
    const readSeconds = (performance.now() - reading) / 1000;
    rss.stop();
    const cpu = {
      workers: workers.reduce((sum, w) => sum + cpuSecondsOf(w.pid), 0),
      postgres: serverCpuSeconds(postgres.pid()) - before.postgres,
      redis: cpuSecondsOf(redis.pid()) - before.redis,
      sandbox: cpuSecondsOf(sandbox.child.pid) - before.sandbox,
    };
    const endLoad = loadNow();
    await Promise.all(workers.map((worker) => stop(worker)));
    const stored = await storedFigures(postgres.url);
    const windowCount = Object.values(stored.windows).reduce((sum, n) => sum + n, 0);
    const statementFigures = await statements?.top(windowCount);
    const bytes = await pgBytes(postgres.url);
    // The backfill's own requests resolve the users; every window's were the workers'.
    const requests = (run.last?.requests ?? 0) + stored.windowRequests;
    const seconds = queuedSeconds + readSeconds;
    return {
      path: `BullMQ + PostgreSQL, ${WORKERS} worker${WORKERS > 1 ? 's' : ''} at --concurrency ${CONCURRENCY}`,
      status: run.status,
      seconds: round(seconds, 1),
      requests,
      requestsPerSecond: perSecond(requests, seconds),
      queue: { seconds: round(queuedSeconds, 1), load: `${load} at start`, rss: backfillRss.figures()[0] },
      workers: {
        seconds: round(readSeconds, 1),
        requests: stored.windowRequests,
        requestsPerSecond: perSecond(stored.windowRequests, readSeconds),
        cpuMsPerRequest: msPerRequest(cpu, stored.windowRequests),
        rss: rss.figures(),
        load: `${readLoad} at start, ${endLoad} at end`,
        ...(statementFigures ? { postgresStatements: statementFigures } : {}),
      },
      storeBytes: bytes,
      bytesPerUserDay: round(bytes / (USERS * DAYS)),
      ...stored,
    };
  } finally {
    await redis.stop();
    await postgres.stop();
  }
}

const truth = await sandboxTruth(truthClient, sample, RESOURCES, FROM, TO);
type PathResult = Awaited<ReturnType<typeof inProcess>> | Awaited<ReturnType<typeof queued>>;
const results: PathResult[] = [];
/** Keeps a path's figures, and prints them at once: a run stopped before the other path keeps them. */
const done = (result: PathResult) => {
  process.stderr.write(`${JSON.stringify(result)}\n`);
  results.push(result);
};
if (PATHS.includes('sqlite')) done(await inProcess());
if (PATHS.includes('bullmq')) done(await queued());
await stop(sandbox.child);
rmSync(dir, { recursive: true, force: true });

// A year for the same fleet: the requests its windows cost (the same providers per user as measured),
// at R = 50 and 200 at 0.996 × R (the fleet bench's sustained rate at a binding limit), and with no
// limit at each path's measured requests/s; the store at each path's measured bytes per user-day.
const yearRequestsPerProvider = RESOURCES.flatMap((resource) => [
  ...planWindows('u', resource, 'p', '2025-01-01', '2025-12-31', '2026-01-01T00:00:00Z'),
]).reduce((sum, w) => sum + requestsOf(w), 0);
const year = results.map((r) => {
  const stepsWindowsPerProvider = [...planWindows('u', 'steps', 'p', FROM, TO, `${TO}T23:59:59Z`)].length;
  const providers = r.stepsWindows / (USERS * stepsWindowsPerProvider);
  const requests = USERS * (1 + providers * yearRequestsPerProvider);
  const hours = (perSecond: number) => round(requests / perSecond / 3600, 1);
  return {
    path: r.path,
    providersPerUser: round(providers, 2),
    requests: Math.round(requests),
    hoursAtR50: hours(50 * 0.996),
    hoursAtR200: hours(200 * 0.996),
    hoursUnlimited: hours(r.requestsPerSecond),
    storeGB: round((r.bytesPerUserDay * USERS * 365) / 1e9, 1),
  };
});
process.stdout.write(
  `${JSON.stringify(
    {
      users: USERS,
      days: DAYS,
      resources: RESOURCES.join(', '),
      results,
      year,
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    },
    null,
    2,
  )}\n`,
);
