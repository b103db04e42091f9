// The export bench: `svc-sync export --format fhir-ndjson` of a U-user × D-day SQLite store (steps daily,
// the default, and `--steps hourly`) beside a plain NDJSON writer of the same rows. The store is built
// through the store's own calls: 1 user is backfilled from the in-process sandbox (hourly steps, sleep,
// activity and body summaries), then its rows are committed again under U user ids (window by window, as
// a sync commits), and LAB users get a parsed lab report (the sandbox's parsing job, saved as the job
// events save it). Each measured run is a child process of its own (`node --import tsx`, the same for
// all three), so its peak RSS is its own: the child reports its wall time, CPU time and
// `process.resourceUsage().maxRSS`; the parent counts the lines and bytes written.
// Figures: rows/s, lines/s, MB written, wall and CPU time, peak RSS, and export ÷ plain.
// Env: BENCH_ONLY (runs when unset or naming `export`), BENCH_EXPORT_USERS (200), BENCH_EXPORT_DAYS (90),
// BENCH_EXPORT_LAB_USERS (5).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportFhirNdjson } from '../src/cli/commands/export-command.js';
import {
  openStore,
  RESOURCES,
  type SyncStore,
  type SyncWindow,
  storedSteps,
  storedSummaries,
} from '../src/index.js';
import { storedParsingJobs, storedUsers } from '../src/stores/stored-rows.js';

type Role = 'baseline' | 'export-daily' | 'export-hourly' | 'plain';
interface ChildFigures {
  role: Role;
  /** Store rows read: steps, summaries, parsing jobs, users. */
  rows: number;
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
}

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/** A child's cost from here on: wall and CPU time, and the process's peak RSS. */
function meter() {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return {
      wallMs: Math.round(performance.now() - wall),
      cpuMs: Math.round((used.user + used.system) / 1000),
      maxRssMB: round(process.resourceUsage().maxRSS / 1024),
    };
  };
}

/** The plain writer: every row of the store's pages as one JSON line, a file per table, awaiting each drain. */
async function plainNdjson(store: SyncStore, dir: string): Promise<void> {
  const write = async (name: string, items: AsyncIterable<unknown>) => {
    const out = createWriteStream(join(dir, `${name}.ndjson`));
    for await (const item of items) if (!out.write(`${JSON.stringify(item)}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
  };
  await write('steps', storedSteps(store));
  await write('summaries', storedSummaries(store));
  await write('parsing-jobs', storedParsingJobs(store));
  await write('users', storedUsers(store));
}

/** The store, counting the rows of every page read from it (`read*` calls), for either writer alike. */
function countingReads(store: SyncStore) {
  const counter = { rows: 0 };
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (typeof name !== 'string' || !name.startsWith('read')) return value.bind(target);
      return async (...args: unknown[]) => {
        const page = await value.apply(target, args);
        counter.rows += (page as unknown[]).length;
        return page;
      };
    },
  });
  return { counted, counter };
}

async function child(role: Role, path: string, dir: string): Promise<void> {
  const done = meter();
  const store = await openStore(`sqlite:${path}`);
  const { counted, counter } = countingReads(store);
  try {
    if (role === 'plain') await plainNdjson(counted, dir);
    else if (role !== 'baseline') {
      const { counts } = await exportFhirNdjson(counted, dir, {
        resources: RESOURCES,
        patientSystem: 'https://ehr.example.org/patients',
        steps: role === 'export-daily' ? 'daily' : 'hourly',
      });
      if (counts.OperationOutcome) throw new Error(`${counts.OperationOutcome} rows not exported`);
    }
  } finally {
    await store.close();
  }
  const figures: ChildFigures = { role, rows: counter.rows, ...done() };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

if (process.argv[2] === 'child') {
  await child(process.argv[3] as Role, process.argv[4] as string, process.argv[5] as string);
  process.exit(0);
}

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('export')) process.exit(0);

// What the store and the export import (@svc/health, @svc/client, …), built as `pnpm test` builds them
// (a cache hit when nothing changed).
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
execFileSync(
  join(repoRoot, 'node_modules/.bin/turbo'),
  ['run', 'build', '--filter=@svc/sync^...', '--output-logs=errors-only', '--concurrency=1'],
  {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  },
);

const USERS = Number(process.env.BENCH_EXPORT_USERS ?? 200);
const DAYS = Number(process.env.BENCH_EXPORT_DAYS ?? 90);
const LAB_USERS = Math.min(USERS, Number(process.env.BENCH_EXPORT_LAB_USERS ?? 5));
const load = () => os.loadavg().map((n) => round(n, 2));
const loadAtStart = load();
// The sandbox's clock is frozen at 2026-01-05T09:00Z: the D days before it are over, so their data is whole.
const TO = '2026-01-04';
const FROM = new Date(Date.parse(`${TO}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const SUMMARIES = ['sleep', 'activity', 'body'] as const;

/** Fills `path`: 1 user backfilled from the sandbox, its rows committed again for USERS users. */
async function fill(path: string) {
  // Test fixtures (the in-process sandbox) are loaded only by the parent: the children never pay for them.
  const { sandboxClient, sandboxSync } = await import('../test/fixtures/sandbox.js');
  const { sandbox, client } = sandboxClient({ seed: 'bench-export' });
  const model = await openStore(`sqlite:${join(path, '..', 'model.db')}`);
  const sync = sandboxSync(sandbox, client, model, { resources: ['steps', ...SUMMARIES] });
  const outcome = await sync.backfill({ users: ['model'], from: FROM, to: TO }).result;
  if (outcome.status !== 'done') throw new Error(`the model user's backfill ended ${outcome.status}`);
  const modelId = (await model.findUser('model'))?.userId as string;
  const steps = [];
  for await (const { userId, provider, start, end, unit, value, data } of storedSteps(model))
    if (userId === modelId) steps.push({ userId, provider, start, end, unit, value, data });
  const summaries = [];
  for await (const { resource, userId, provider, calendarDate, data } of storedSummaries(model))
    if (userId === modelId) summaries.push({ resource, userId, provider, calendarDate, data });
  // A parsed lab report, as `lab_report.parsing_job.*` events store it.
  const created = (await client.createParsingJob({
    body: {
      file: new File([new Uint8Array([37, 80, 68, 70, 45])], 'report.pdf', { type: 'application/pdf' }),
    },
  })) as { id: string };
  sandbox.clock.advance({ seconds: 60 });
  const parsed = (await client.getParsingJob({ job_id: created.id })) as Record<string, unknown>;
  await model.close();

  const store = await openStore(`sqlite:${path}`);
  const asOf = new Date(sandbox.clock.now()).toISOString();
  try {
    for (let i = 0; i < USERS; i++) {
      const userId = `${modelId.slice(0, -6)}${String(i).padStart(6, '0')}`;
      const providers = [...new Set(steps.map((row) => row.provider))];
      await store.saveUser({ clientUserId: `bench-user-${i}`, userId, providers, error: null });
      for (const resource of ['steps', ...SUMMARIES] as const)
        for (const provider of providers) {
          const window: SyncWindow = { userId, resource, provider, start: FROM, end: TO, asOf };
          const [planned] = await store.planWindows([window]);
          const ofThis = <T extends { provider: string }>(rows: T[]) =>
            rows.filter((row) => row.provider === provider).map((row) => ({ ...row, userId }));
          await store.commitWindow(
            planned ?? window,
            resource === 'steps'
              ? { steps: ofThis(steps), summaries: [] }
              : { steps: [], summaries: ofThis(summaries.filter((row) => row.resource === resource)) },
            asOf,
          );
        }
      if (i < LAB_USERS) {
        const jobId = `${created.id}-${i}`;
        await store.saveParsingJob({
          jobId,
          userId,
          status: parsed.status as string,
          updatedAt: parsed.updated_at as string,
          storedAt: asOf,
          job: { ...parsed, id: jobId },
        });
      }
    }
    return (await store.status()).rows;
  } finally {
    await store.close();
  }
}

/** Runs one role in a child process; its figures, and the lines and bytes it left in its folder. */
function measure(role: Role, path: string, dir: string) {
  const out = join(dir, role);
  mkdirSync(out);
  const text = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', role, path, out],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  ).toString();
  const figures = JSON.parse(text.trim().split('\n').at(-1) as string) as ChildFigures;
  let lines = 0;
  let bytes = 0;
  for (const name of readdirSync(out).filter((name) => name.endsWith('.ndjson'))) {
    const file = join(out, name);
    bytes += statSync(file).size;
    const text = readFileSync(file);
    for (let at = text.indexOf(10); at !== -1; at = text.indexOf(10, at + 1)) lines++;
  }
  return { ...figures, lines, bytes };
}

const dir = mkdtempSync(join(os.tmpdir(), 'svc-export-bench-'));
try {
  const path = join(dir, 'fleet.db');
  const started = performance.now();
  const stored = await fill(path);
  const fillSeconds = round((performance.now() - started) / 1000);
  const storeRows = Object.values(stored).reduce((sum, n) => sum + n, 0) + LAB_USERS + USERS;
  const baseline = measure('baseline', path, dir);
  const runs = (['plain', 'export-daily', 'export-hourly'] as const).map((role) => {
    const m = measure(role, path, dir);
    const rows = m.rows;
    const seconds = m.wallMs / 1000;
    return {
      run: role,
      rows,
      lines: m.lines,
      writtenMB: round(m.bytes / 1_048_576),
      wallSeconds: round(seconds, 2),
      cpuSeconds: round(m.cpuMs / 1000, 2),
      rowsPerSecond: Math.round(rows / seconds),
      linesPerSecond: Math.round(m.lines / seconds),
      peakRssMB: m.maxRssMB,
      loadAfter: load(),
    };
  });
  const [plain] = runs;
  // Each read every row the store holds, once.
  for (const run of runs)
    if (run.rows !== storeRows) throw new Error(`${run.run} read ${run.rows} of ${storeRows} stored rows`);
  const ratio = (a: number, b: number) => round(a / b, 2);
  const figures = {
    bench: `export ${USERS} users × ${DAYS} days (SQLite) as FHIR NDJSON, beside a plain NDJSON writer`,
    storeRows: { ...stored, parsingJobs: LAB_USERS, users: USERS },
    storeMB: round(statSync(path).size / 1_048_576),
    fillSeconds,
    baselinePeakRssMB: baseline.maxRssMB,
    runs,
    exportOverPlain: runs.slice(1).map((run) => ({
      run: run.run,
      wall: ratio(run.wallSeconds, plain?.wallSeconds ?? 1),
      cpu: ratio(run.cpuSeconds, plain?.cpuSeconds ?? 1),
      rowsPerSecond: ratio(run.rowsPerSecond, plain?.rowsPerSecond ?? 1),
      writtenMB: ratio(run.writtenMB, plain?.writtenMB ?? 1),
      peakRss: ratio(run.peakRssMB, plain?.peakRssMB ?? 1),
    })),
    machine: `nproc ${os.availableParallelism()} (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadAtStart.join(' / ')} at start, ${load().join(' / ')} at end`,
  };
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
