// The console bench: the time `svc-sync serve` takes to paint a 10,000-user × 90-day store in headless
// Chromium (target: under 1 s), from navigation to the coverage maps drawn: loads of an unchanged store
// (the console keeps the maps until the store's change mark moves), then the first load after another
// process's commits (statuses changed: the console merges only the owed and failed windows again), and
// the first after windows were added (every window merged again). The store is synthesised
// straight into SQLite (windows of every resource, most done, some pending, failed or never asked), then
// served by `svc-sync serve` as a partner runs it. Env: BENCH_ONLY (runs when unset or naming
// `console`), BENCH_CONSOLE_USERS (10000), BENCH_CONSOLE_DAYS (90), BENCH_CONSOLE_RUNS (5).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@svc/tools/chromium';
import Database from 'better-sqlite3';
import { keptCoverage } from '../src/console/store-coverage.js';
import { openStore, RESOURCES, readFleetStatus, storeCoverage, WINDOW_DAYS } from '../src/index.js';
import { startCli, stopChildren, waitForLine } from '../test/fixtures/processes.js';
import { median } from './fleet-parts.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('console')) process.exit(0);

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_CONSOLE_USERS', 10_000);
const DAYS = env('BENCH_CONSOLE_DAYS', 90);
const RUNS = env('BENCH_CONSOLE_RUNS', 5);
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.parse('2025-10-01T00:00:00Z') / DAY_MS;
const day = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

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

const dir = mkdtempSync(join(os.tmpdir(), 'svc-console-bench-'));
const file = join(dir, 'fleet.db');
const address = `sqlite:${file}`;
const load = os.loadavg().map((n) => Math.round(n * 100) / 100);

// The schema as the sync makes it, then rows written in one transaction (the sync's own calls would
// take minutes for 300,000 windows; what is measured is the reading and drawing).
await (await openStore(address)).close();
const db = new Database(file);
const synthesisStarted = performance.now();
const asOf = `${day(FIRST_DAY + DAYS)}T09:00:00.000Z`;
const addUser = db.prepare(
  'INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES (?, ?, ?, NULL, ?)',
);
const addWindow = db.prepare(
  `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation,
   covered_until, error, error_status, error_message, updated_at) VALUES (?, ?, 'oura', ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
);
let windows = 0;
db.transaction(() => {
  for (let user = 0; user < USERS; user++) {
    const userId = `u-${String(user).padStart(6, '0')}`;
    addUser.run(`client-${String(user).padStart(6, '0')}`, userId, '["oura"]', asOf);
    // One user in 50 joined late: its first 30 days were never asked for.
    const first = user % 50 === 0 ? FIRST_DAY + 30 : FIRST_DAY;
    for (const resource of RESOURCES) {
      const size = WINDOW_DAYS[resource];
      for (let start = first; start < FIRST_DAY + DAYS; start = (Math.floor(start / size) + 1) * size) {
        const end = Math.min(FIRST_DAY + DAYS - 1, (Math.floor(start / size) + 1) * size - 1);
        const roll = (user * 31 + start * 7 + resource.length) % 100;
        const status = roll < 4 ? 'failed' : roll < 10 ? 'pending' : 'done';
        addWindow.run(
          userId,
          resource,
          day(start),
          day(end),
          asOf,
          status,
          status === 'done' ? `${day(end + 1)}T00:00:00.000Z` : null,
          status === 'failed' ? 'ServerError' : null,
          status === 'failed' ? 503 : null,
          status === 'failed' ? 'the provider did not answer' : null,
          asOf,
        );
        windows++;
      }
    }
  }
})();
db.close();
const synthesisSeconds = (performance.now() - synthesisStarted) / 1000;

// The two reads the page waits on, in process: the coverage maps (this package's SQL aggregation) and
// the freshness walk (readFleetStatus, which status --json prints too).
const inProcess = await openStore(address);
const timed = async (read: () => Promise<unknown>) => {
  const started = performance.now();
  await read();
  return Math.round(performance.now() - started);
};
const storeCoverageMs = await timed(() => storeCoverage(inProcess));
process.stderr.write(`storeCoverage: ${storeCoverageMs} ms\n`);
const readFleetStatusMs = await timed(() => readFleetStatus(inProcess));
process.stderr.write(`readFleetStatus: ${readFleetStatusMs} ms\n`);
// The console's read once every window's spans are kept: what a read after a sync's commits costs.
const kept = keptCoverage(inProcess);
await kept();
const keptCoverageMs = await timed(kept);
process.stderr.write(`keptCoverage (spans kept): ${keptCoverageMs} ms\n`);
await inProcess.close();

const serve = startCli(['serve', '--store', address, '--port', '0']);
const url = await waitForLine(serve.child, /console on (http:\/\/\S+)/);
const browser = await launchChromium();

/** One page load: navigation to the maps drawn, and the coverage read's share of it. */
async function paint(): Promise<{ painted: number; coverage: number }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(url);
  // The maps drawn (the page's `painted` mark); the freshness figures may still be on their way.
  await page.waitForFunction(() => performance.getEntriesByName('painted').length > 0, undefined, {
    timeout: 600_000,
    polling: 50,
  });
  const timing = await page.evaluate(() => {
    const painted = performance.getEntriesByName('painted')[0]?.startTime ?? Number.NaN;
    const overview = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.endsWith('/api/coverage')) as PerformanceResourceTiming | undefined;
    return { painted, coverage: overview ? overview.responseEnd - overview.requestStart : Number.NaN };
  });
  // The page's freshness read finished before the next load: a load abandoned mid-read would leave the
  // console busy with it, and the next paint would measure that instead.
  await page.waitForSelector('body[data-state="ready"]', { timeout: 600_000 });
  await page.close();
  return timing;
}

const paints: number[] = [];
const reads: number[] = [];
const afterCommits: { painted: number; coverage: number }[] = [];
let planned: { painted: number; coverage: number } | undefined;
try {
  for (let run = 0; run < RUNS; run++) {
    const timing = await paint();
    paints.push(timing.painted);
    reads.push(timing.coverage);
  }
  const writer = new Database(file);
  // The first paint after a sync's commits (another process's), RUNS times: 200 pending windows done, as
  // commitWindow marks them; the console merges the owed and failed windows again, and keeps every
  // window's spans.
  const commit = writer.prepare(
    `UPDATE svc_windows SET status = 'done', updated_at = ?,
     covered_until = strftime('%Y-%m-%dT%H:%M:%fZ', end_date, '+1 day')
     WHERE rowid IN (SELECT rowid FROM svc_windows WHERE status = 'pending' LIMIT 200)`,
  );
  for (let run = 0; run < RUNS; run++) {
    commit.run(asOf);
    afterCommits.push(await paint());
  }
  // The first paint after a run planned new windows (a new day for 200 users): every window merged again.
  const addNext = writer.prepare(
    `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation,
     updated_at) VALUES (?, 'sleep', 'oura', ?, ?, ?, 'pending', 1, ?)`,
  );
  writer.transaction(() => {
    for (let user = 0; user < Math.min(200, USERS); user++)
      addNext.run(
        `u-${String(user).padStart(6, '0')}`,
        day(FIRST_DAY + DAYS),
        day(FIRST_DAY + DAYS),
        asOf,
        asOf,
      );
  })();
  writer.close();
  planned = await paint();
} finally {
  await browser.close();
  await stopChildren();
  rmSync(dir, { recursive: true, force: true });
}

const figures = {
  bench: 'console',
  users: USERS,
  days: DAYS,
  resources: RESOURCES.length,
  windows,
  synthesisSeconds: Math.round(synthesisSeconds * 10) / 10,
  // From navigation start to the maps drawn (the page's `painted` mark, after the next frame).
  paintMs: { median: Math.round(median(paints)), all: paints.map(Math.round) },
  // Of which the store read and aggregated (GET /api/coverage, request to last byte).
  coverageReadMs: { median: Math.round(median(reads)), all: reads.map(Math.round) },
  // The first load after another process's commits (statuses changed): owed and failed windows merged.
  firstPaintAfterWriteMs: {
    median: Math.round(median(afterCommits.map((timing) => timing.painted))),
    all: afterCommits.map((timing) => Math.round(timing.painted)),
    coverageRead: afterCommits.map((timing) => Math.round(timing.coverage)),
  },
  // The first load after windows were added (a run planning a new day): every window merged again.
  firstPaintAfterPlanMs: {
    paint: Math.round(planned?.painted ?? Number.NaN),
    coverageRead: Math.round(planned?.coverage ?? Number.NaN),
  },
  inProcessMs: {
    storeCoverage: storeCoverageMs,
    readFleetStatus: readFleetStatusMs,
    keptCoverage: keptCoverageMs,
  },
  targetMs: 1000,
  underTarget: median(paints) < 1000 && median(afterCommits.map((timing) => timing.painted)) < 1000,
  machine: `${os.cpus().length} cores, Node ${process.version}, load ${load.join(' / ')} at start`,
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
