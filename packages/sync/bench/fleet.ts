// The fleet bench: N users × steps and three summaries × D days from the sandbox server holding a per-key
// rate limit R (`svc-sandbox --rate-limit R --rate-burst R`), over loopback, into SQLite.
// Figures: sustained requests/s against R, 429 share after the first 30 s, RSS over the run, rows
// against the sandbox's truth. The sync runs as `svc-sync backfill`, a child on plain Node, whose RSS is
// sampled. Env: BENCH_ONLY (runs when unset or naming `sync`), BENCH_SYNC_USERS
// (1000), BENCH_SYNC_RATE (R, 100; 0: no limit, and then a plain node:http loader resolves the same users
// and pulls the same windows from a fresh sandbox of the same world after the sync, for the ratio of the
// two, and so does the SDK client alone, storing nothing), BENCH_SYNC_DAYS (90),
// BENCH_SYNC_CONCURRENCY (32), BENCH_SYNC_ROUNDS (with no limit, 3: rounds of a sync, the plain loader and
// the client alone, each on a fresh sandbox, in an order that turns each round; the ratios are the
// medians of the rounds'),
// BENCH_SYNC_HEAP_SNAPSHOT (a directory: heap snapshots of the first sync at 25 % and 75 % of the users),
// BENCH_SYNC_CPU_PROF (a directory: the first sync's CPU profile, summed up by
// `node --import tsx bench/cpu-profile-summary.ts FILE`). With no limit it also gives the CPU each spends
// per request (the sync's process from /proc, the loader's from the bench's own process) and the sandbox's
// while it serves each. BENCH_SYNC_PIN=1 (Linux, `taskset`, 2 cores or more) gives the sandbox a core of its
// own, as the service has, and the sync, the loader and the client alone the other: then each side is held
// by its own core, and the ratio says whether the sync keeps up with what the sandbox can serve.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient } from '@svc/client';
import { readableStore } from '../src/console/store-reader.js';
import { openStore } from '../src/index.js';
import { SYNC_BIN, startSandboxServer, stop } from '../test/fixtures/processes.js';
import { sandboxTruth } from '../test/fixtures/sandbox-truth.js';
import { storedRows } from '../test/fixtures/stored-rows.js';
import { loadWindowsWithClient } from './client-loader.js';
import { cpuSecondsOf, mb, median, rssFigures, rssOf } from './fleet-parts.js';
import { type LoaderWindow, loadWindows } from './plain-loader.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('sync')) process.exit(0);

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_SYNC_USERS', 1000);
const RATE = env('BENCH_SYNC_RATE', 100);
const DAYS = env('BENCH_SYNC_DAYS', 90);
const CONCURRENCY = env('BENCH_SYNC_CONCURRENCY', 32);
const ROUNDS = RATE > 0 ? 1 : Math.max(1, env('BENCH_SYNC_ROUNDS', 3));
const PINNED = process.env.BENCH_SYNC_PIN === '1';
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
 * `svc-sandbox` on a free port with the bench's seed, the tests' frozen clock and the limit: a fresh one
 * for each sync and each loader, so each starts as cold (its code not yet optimised, its caches empty).
 * Its request log is drained unread, its errors shown.
 */
async function startSandbox() {
  const started = await startSandboxServer(
    'bench-fleet',
    RATE > 0 ? ['--rate-limit', String(RATE), '--rate-burst', String(RATE)] : [],
  );
  started.child.stderr?.pipe(process.stderr);
  if (PINNED) pin(started.child.pid, 1);
  return started;
}

/** Every thread of process `pid` (and what it starts from now on) on core `core` alone. */
function pin(pid: number | undefined, core: number) {
  try {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(core), String(pid)], {
      stdio: 'ignore',
    });
  } catch (error) {
    process.stderr.write(
      `BENCH_SYNC_PIN: cannot pin process ${pid} to core ${core} (${(error as Error).message})\n`,
    );
    process.exit(1);
  }
}

/** Writes the page cache's dirty pages out, so a half does not pay for the writes of the one before. */
const settle = () => {
  try {
    execFileSync('sync');
  } catch {
    // No `sync` command (not Linux): the halves share the writeback as they come.
  }
};

// The bench itself on core 0 from here: the syncs it starts inherit it, each sandbox is moved to core 1.
if (PINNED) {
  if (os.cpus().length < 2) {
    process.stderr.write('BENCH_SYNC_PIN needs two cores or more\n');
    process.exit(1);
  }
  pin(process.pid, 0);
}

const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-bench-'));
const KEY = 'sk_test_bench';
const usersFile = join(dir, 'users.txt');
writeFileSync(usersFile, Array.from({ length: USERS }, (_, i) => `fleet-${i}\n`).join(''));
const load = os.loadavg().map((n) => Math.round(n * 100) / 100);

interface ProgressLine {
  users: { seen: number };
  windows: { done: number; planned: number };
  requests: number;
  requestsPerSecond: number;
  rateLimited: number;
  elapsedMs: number;
  finished: boolean;
}

/**
 * One sync as a partner runs it: `svc-sync backfill` on plain Node from the build (no TypeScript loader
 * in the process measured) into a fresh store from a fresh sandbox, progress read from its JSON lines.
 * The first (`first`) takes the heap snapshots and the CPU profile asked for, and leaves its store and
 * its sandbox running for the checks; the others are removed at once.
 */
async function runSync(round: number) {
  const { child: sandbox, url: sandboxUrl } = await startSandbox();
  const storeAddress = `sqlite:${join(dir, `fleet-${round}.db`)}`;
  const first = round === 0;
  const started = Date.now();
  // BENCH_SYNC_HEAP_SNAPSHOT=DIR: a heap snapshot (live objects only: it collects first) at a quarter and
  // three quarters of the users.
  const snapshotDir = first ? process.env.BENCH_SYNC_HEAP_SNAPSHOT : undefined;
  const profileDir = first ? process.env.BENCH_SYNC_CPU_PROF : undefined;
  const cli = spawn(
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
  // The sandbox's CPU while it serves the sync (from before the sync's first request), from /proc.
  const sandboxAtStart = cpuSecondsOf(sandbox.pid);
  let cpu = Number.NaN;
  const rss: number[] = [];
  // Requests sent and 429s received, as the sync counts them (every attempt is a request).
  const counts = { requests: 0, refused: 0 };
  let at30: typeof counts | undefined;
  let startRss = 0;
  const sampler = setInterval(() => {
    if (cli.pid === undefined || cli.exitCode !== null) return;
    const now = rssOf(cli.pid);
    // A process exiting between the check and the read has no VmRSS line left: no sample.
    if (now === 0) return;
    if (!startRss) startRss = now;
    cpu = cpuSecondsOf(cli.pid);
    rss.push(now);
    if (Date.now() - started >= 30_000 && !at30) at30 = { ...counts };
  }, 1_000);
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
  const seconds = (Date.now() - started) / 1000;
  const sandboxCpu = cpuSecondsOf(sandbox.pid) - sandboxAtStart;
  const status = /^(\w+):/.exec(stdout)?.[1] ?? `exit ${code}`;
  if (!first) {
    await stop(sandbox);
    rmSync(storeAddress.slice('sqlite:'.length), { force: true });
  }
  return { seconds, counts, at30, cpu, sandboxCpu, rss, startRss, status, storeAddress, sandbox, sandboxUrl };
}

/**
 * A loader on a fresh sandbox, the same users and windows with no engine in the way: the plain one
 * (`node:http`), or the SDK client alone (`client`).
 */
async function runLoader(windows: readonly LoaderWindow[], kind: 'plain' | 'client') {
  const fresh = await startSandbox();
  const sandboxAtStart = cpuSecondsOf(fresh.child.pid);
  const cpuAtStart = process.cpuUsage();
  const loaded: { requests: number; seconds: number; points?: number } = await (kind === 'plain'
    ? loadWindows
    : loadWindowsWithClient)(fresh.url, KEY, windows, CONCURRENCY);
  const used = process.cpuUsage(cpuAtStart);
  const sandboxCpu = cpuSecondsOf(fresh.child.pid) - sandboxAtStart;
  await stop(fresh.child);
  return { ...loaded, cpu: (used.user + used.system) / 1e6, sandboxCpu };
}

const first = await runSync(0);
const store = await openStore(first.storeAddress);
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
const truthClient = createClient({ apiKey: KEY, baseUrl: first.sandboxUrl });
const truth = await sandboxTruth(truthClient, sample, RESOURCES, FROM, TO);
const sampleIds = await Promise.all(
  sample.map(async (id) => (await truthClient.resolveUser({ client_user_id: id })).user_id),
);
const stored = await storedRows(first.storeAddress, sampleIds);
const sampleExact =
  truth.size > 0 &&
  stored.size === truth.size &&
  [...truth].every(([key, value]) => stored.get(key) === value);
await stop(first.sandbox);
rmSync(first.storeAddress.slice('sqlite:'.length), { force: true });

// With no limit: rounds of the sync, the plain loader and the client alone (a rate limit would refuse the
// loaders, which do not retry). The first round's sync is the run above; the halves' order turns each
// round and runs backwards in every second one (sync, plain, client; plain, sync, client backwards…), so
// no half always follows the same one, and the machine's writes are settled before each half.
type SyncRun = Awaited<ReturnType<typeof runSync>>;
type LoaderRun = Awaited<ReturnType<typeof runLoader>>;
const HALVES = ['sync', 'plain', 'client'] as const;
const rounds: { sync: SyncRun; loader: LoaderRun; client: LoaderRun }[] = [];
for (let r = 0; r < ROUNDS && RATE === 0; r++) {
  const turned = [...HALVES.slice(r % 3), ...HALVES.slice(0, r % 3)];
  const order = r % 2 === 1 ? turned.reverse() : turned;
  const round: Partial<(typeof rounds)[number]> = {};
  for (const half of order) {
    if (half === 'sync' && r === 0) {
      round.sync = first;
      continue;
    }
    settle();
    if (half === 'sync') round.sync = await runSync(r);
    else if (half === 'plain') round.loader = await runLoader(windows, 'plain');
    else round.client = await runLoader(windows, 'client');
  }
  rounds.push(round as (typeof rounds)[number]);
}
rmSync(dir, { recursive: true, force: true });

const µs = (seconds: number, requests: number) => Math.round((seconds / requests) * 1e6);
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const roundFigures = rounds.map(({ sync, loader, client }) => {
  // Each over its whole run: the sync's from its start as a process to its exit.
  const syncPerSecond = sync.counts.requests / sync.seconds;
  const loaderPerSecond = loader.requests / loader.seconds;
  const clientPerSecond = client.requests / client.seconds;
  // CPU per request, which the machine's load changes far less than requests/s: the sync's process (its
  // last sample, a second or less before it exits) against the bench's own process while it loads.
  const cpu = {
    sync: µs(sync.cpu, sync.counts.requests),
    loader: µs(loader.cpu, loader.requests),
    client: µs(client.cpu, client.requests),
    sandboxServingSync: µs(sync.sandboxCpu, sync.counts.requests),
    sandboxServingLoader: µs(loader.sandboxCpu, loader.requests),
    sandboxServingClient: µs(client.sandboxCpu, client.requests),
  };
  return {
    syncPerSecond: Math.round(syncPerSecond),
    loaderPerSecond: Math.round(loaderPerSecond),
    clientPerSecond: Math.round(clientPerSecond),
    syncOverLoader: ratio(syncPerSecond, loaderPerSecond),
    clientOverLoader: ratio(clientPerSecond, loaderPerSecond),
    // Where the sandbox shares the machine's cores with its reader and both keep them busy, requests/s is
    // those cores over what a request costs both sides, so the ratio follows from the CPU figures alone:
    // (loader + sandbox serving it) / (sync + sandbox serving it). Close to syncOverLoader, it says the
    // ratio measures the sync's CPU per request against a loader that stores nothing. Pinned, each side
    // has a core, and the busier side of each pair holds it: max(loader, sandbox) / max(sync, sandbox).
    syncOverLoaderFromCpu: PINNED
      ? ratio(Math.max(cpu.loader, cpu.sandboxServingLoader), Math.max(cpu.sync, cpu.sandboxServingSync))
      : ratio(cpu.loader + cpu.sandboxServingLoader, cpu.sync + cpu.sandboxServingSync),
    cpuMicrosPerRequest: cpu,
  };
});

const expected = {
  steps: USERS * DAYS * 24,
  activity: USERS * DAYS,
  sleep: USERS * DAYS,
  body: USERS * DAYS,
};
const rowsExact = RESOURCES.every((r) => status.rows[r] === expected[r]);
const { counts, at30, seconds, rss } = first;
const rssFirst = rssFigures(rss);
const afterFirst30 = {
  answered: counts.requests - counts.refused - ((at30?.requests ?? 0) - (at30?.refused ?? 0)),
  refused: counts.refused - (at30?.refused ?? 0),
};
// A run shorter than a minute has no steady state to speak of.
const sustained = seconds >= 60 && at30 ? afterFirst30.answered / (seconds - 30) : Number.NaN;
const figures = {
  users: USERS,
  days: DAYS,
  resources: RESOURCES.join(', '),
  rate: RATE,
  pinned: PINNED ? 'the sandbox on core 1; the sync, the loader and the client alone on core 0' : null,
  status: first.status,
  seconds: Math.round(seconds),
  requests: counts.requests,
  refused429: counts.refused,
  sustainedPerSecondAfter30s: Math.round(sustained * 10) / 10,
  sustainedOverRate: RATE > 0 ? Math.round((sustained / RATE) * 100) / 100 : null,
  ...(rounds.length > 0 && {
    // The median of the rounds' ratios (each round's halves measured one after the other).
    syncOverLoader: median(roundFigures.map((f) => f.syncOverLoader)),
    // The SDK client alone (no store, no engine) over the plain loader: the most any sync on the client reads.
    clientOverLoader: median(roundFigures.map((f) => f.clientOverLoader)),
    rounds: roundFigures,
    loader: { requests: rounds[0]?.loader.requests, points: rounds[0]?.loader.points },
  }),
  windowsPerTransaction: commits ? Math.round((commits.windows / commits.transactions) * 10) / 10 : null,
  share429After30s:
    Math.round((afterFirst30.refused / Math.max(1, afterFirst30.answered + afterFirst30.refused)) * 10_000) /
    100,
  // The first sync's; the other rounds' peaks beside it. Flat means the last quarter is no higher than the first.
  rssMB: {
    start: mb(first.startRss),
    first: mb(rss[0] ?? 0),
    median: rssFirst.medianMB,
    max: rssFirst.peakMB,
    byQuarter: rssFirst.byQuarterMB,
    ...(rounds.length > 0 && { maxByRound: rounds.map(({ sync }) => rssFigures(sync.rss).peakMB) }),
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
