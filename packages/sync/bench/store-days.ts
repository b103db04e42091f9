// The store-layout bench: the same fleet of hourly steps (U users × D days × 24 points, one provider, each
// point with its record as the sandbox sends it) written window by window into a store of schema version 5
// (a row per point: version 5's commit statements, run as that store ran them: the erasure check, the
// upserts, the checkpoint) and into today's store (a row per user, provider and UTC day, through
// `commitWindow`), on SQLite and on PostgreSQL.
// Figures: CPU per point written (this process's user + system time over the commits; PostgreSQL's own
// server time is not in it), rows, and store size per user-day: the SQLite file after a checkpoint, and
// PostgreSQL's pg_total_relation_size of the steps table (heap, TOAST and indexes) after VACUUM.
// Env: BENCH_DAYS_USERS (40), BENCH_DAYS_DAYS (30), BENCH_DAYS_PG (1: also PostgreSQL; 0: SQLite only),
// BENCH_DAYS_REPS (3: runs of each layout, the least CPU kept).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, type StepRow, type SyncStore, type SyncWindow } from '../src/index.js';
import { sqliteDriver } from '../src/stores/sqlite/driver.js';
import { startPostgres } from '../test/fixtures/servers.js';

const USERS = Number(process.env.BENCH_DAYS_USERS ?? 40);
const DAYS = Number(process.env.BENCH_DAYS_DAYS ?? 30);
const WITH_PG = process.env.BENCH_DAYS_PG !== '0';
const REPS = Number(process.env.BENCH_DAYS_REPS ?? 3);
const WINDOW_DAYS = 7;
const HOUR_MS = 3_600_000;
const FIRST = Date.UTC(2025, 9, 1);
const FETCHED = '2026-01-01T00:00:00.000Z';

const at = (ms: number) => `${new Date(ms + HOUR_MS).toISOString().slice(0, 19)}+01:00`;

/** A window's points as `readWindow` hands them on: UTC keys, the point as sent (its group's source in it). */
function pointsOf(userId: string, firstDay: number, days: number): StepRow[] {
  const rows: StepRow[] = [];
  for (let hour = 0; hour < days * 24; hour++) {
    const start = FIRST + (firstDay * 24 + hour) * HOUR_MS;
    const value = (hour * 131 + userId.length * 7) % 1500;
    const data = {
      start: at(start),
      end: at(start + 3_599_000),
      unit: 'count',
      value,
      source: { provider: 'oura', type: 'ring' },
    };
    rows.push({
      userId,
      provider: 'oura',
      start: new Date(start).toISOString(),
      end: new Date(start + 3_599_000).toISOString(),
      unit: 'count',
      value,
      data,
    });
  }
  return rows;
}

const day = (n: number) => new Date(FIRST + n * 24 * HOUR_MS).toISOString().slice(0, 10);

function windows(): { window: SyncWindow; steps: StepRow[] }[] {
  const out: { window: SyncWindow; steps: StepRow[] }[] = [];
  for (let u = 0; u < USERS; u++)
    for (let first = 0; first < DAYS; first += WINDOW_DAYS) {
      const days = Math.min(WINDOW_DAYS, DAYS - first);
      const userId = `user-${String(u).padStart(5, '0')}`;
      out.push({
        window: {
          userId,
          resource: 'steps',
          provider: 'oura',
          start: day(first),
          end: day(first + days - 1),
          asOf: '2026-01-01T00:00:00.000Z',
        },
        steps: pointsOf(userId, first, days),
      });
    }
  return out;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

// Version 5's statement for a steps row, as its stores ran it (one per point, in the window's transaction).
const V5_UPSERT = `INSERT INTO svc_steps (user_id, provider, start, "end", unit, value, data, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (user_id, provider, start) DO UPDATE SET "end" = excluded."end", unit = excluded.unit,
  value = excluded.value, data = excluded.data, fetched_at = excluded.fetched_at
  WHERE excluded.fetched_at >= svc_steps.fetched_at`;

// What else a version-5 commit ran: the erasure key read (its tombstone check) and the checkpoint.
const V5_ERASURE_KEY = `SELECT value FROM svc_meta WHERE key = 'erasure_key'`;
const V5_DONE = `UPDATE svc_windows SET status = 'done', covered_until = ?, updated_at = ?
  WHERE user_id = ? AND resource = ? AND provider = ? AND start_date = ? AND end_date = ? AND generation = 1`;
const V5_PLAN = `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, ?)`;
const numberedSql = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const V5_SCHEMA = (db: 'sqlite' | 'postgres') =>
  readFileSync(new URL(`../test/stores/fixtures/schema-v5.${db}.sql`, import.meta.url), 'utf8');

interface Figures {
  layout: string;
  /** For the version-5 store: how long opening it took (the migration to day rows), ms. */
  migrateMs?: number;
  points: number;
  rows: number;
  cpuMs: number;
  bytes: number;
}

function v5Sqlite(path: string, work: ReturnType<typeof windows>): Figures {
  const db = sqliteDriver().open(path, false);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec(V5_SCHEMA('sqlite'));
  const upsert = db.prepare(V5_UPSERT);
  const plan = db.prepare(V5_PLAN);
  for (const { window: w } of work)
    plan.run(w.userId, w.resource, w.provider, w.start, w.end, w.asOf, FETCHED);
  const erased = db.prepare(V5_ERASURE_KEY);
  const done = db.prepare(V5_DONE);
  let points = 0;
  const started = process.cpuUsage();
  // A version-5 commit: the erasure check, a statement per point, the checkpoint, in one transaction.
  for (const { window: w, steps } of work) {
    db.exec('BEGIN IMMEDIATE');
    erased.get();
    for (const r of steps)
      upsert.run(r.userId, r.provider, r.start, r.end, r.unit, r.value, JSON.stringify(r.data), FETCHED);
    done.run(FETCHED, FETCHED, w.userId, w.resource, w.provider, w.start, w.end);
    db.exec('COMMIT');
    points += steps.length;
  }
  const cpu = cpuMs(started);
  const rows = db.prepare('SELECT count(*) AS n FROM svc_steps').get<{ n: number }>()?.n ?? 0;
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return { layout: 'v5 row per point', points, rows, cpuMs: cpu, bytes: statSync(path).size };
}

async function commitAll(store: SyncStore, work: ReturnType<typeof windows>) {
  const planned = await store.planWindows(work.map((w) => w.window));
  const byKey = new Map(planned.map((w) => [`${w.userId}|${w.start}`, w]));
  let points = 0;
  const started = process.cpuUsage();
  for (const { window, steps } of work) {
    await store.commitWindow(
      byKey.get(`${window.userId}|${window.start}`) as SyncWindow,
      { steps, summaries: [] },
      FETCHED,
    );
    points += steps.length;
  }
  return { points, cpuMs: cpuMs(started) };
}

async function v6Sqlite(path: string, work: ReturnType<typeof windows>): Promise<Figures> {
  const store = await openStore(`sqlite:${path}`);
  const { points, cpuMs: cpu } = await commitAll(store, work);
  await store.close();
  const db = sqliteDriver().open(path, false);
  const rows = db.prepare('SELECT count(*) AS n FROM svc_steps').get<{ n: number }>()?.n ?? 0;
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return { layout: 'v6 row per day', points, rows, cpuMs: cpu, bytes: statSync(path).size };
}

async function pgSize(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE svc_steps');
    const { rows } = await client.query<{ bytes: string; n: string }>(
      `SELECT pg_total_relation_size('svc_steps') AS bytes, (SELECT count(*) FROM svc_steps) AS n`,
    );
    return { bytes: Number(rows[0]?.bytes), rows: Number(rows[0]?.n) };
  } finally {
    await client.end();
  }
}

async function v5Postgres(url: string, work: ReturnType<typeof windows>): Promise<Figures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(V5_SCHEMA('postgres'));
  for (const { window: w } of work)
    await client.query(numberedSql(V5_PLAN), [
      w.userId,
      w.resource,
      w.provider,
      w.start,
      w.end,
      w.asOf,
      FETCHED,
    ]);
  let points = 0;
  const started = process.cpuUsage();
  // Version 5's commit: the erasure lock and check, the points as multi-row upserts of up to 1,000 rows
  // (8 parameters each), the checkpoint.
  for (const { window: w, steps } of work) {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock_shared($1)', [7310726]);
    await client.query(V5_ERASURE_KEY);
    for (let i = 0; i < steps.length; i += 1_000) {
      const batch = steps.slice(i, i + 1_000);
      await client.query(
        `INSERT INTO svc_steps (user_id, provider, start, "end", unit, value, data, fetched_at) VALUES ${batch
          .map(
            (_, n) =>
              `(${Array.from({ length: 7 }, (_, k) => `$${n * 7 + k + 1}`).join(', ')}, $${batch.length * 7 + 1})`,
          )
          .join(', ')}
         ON CONFLICT (user_id, provider, start) DO UPDATE SET "end" = excluded."end", unit = excluded.unit,
         value = excluded.value, data = excluded.data, fetched_at = excluded.fetched_at
         WHERE excluded.fetched_at >= svc_steps.fetched_at`,
        [
          ...batch.flatMap((r) => [
            r.userId,
            r.provider,
            r.start,
            r.end,
            r.unit,
            r.value,
            JSON.stringify(r.data),
          ]),
          FETCHED,
        ],
      );
    }
    await client.query(numberedSql(V5_DONE), [
      FETCHED,
      FETCHED,
      w.userId,
      w.resource,
      w.provider,
      w.start,
      w.end,
    ]);
    await client.query('COMMIT');
    points += steps.length;
  }
  const cpu = cpuMs(started);
  await client.end();
  return { layout: 'v5 row per point', points, cpuMs: cpu, ...(await pgSize(url)) };
}

async function v6Postgres(url: string, work: ReturnType<typeof windows>): Promise<Figures> {
  const store = await openStore(url);
  const { points, cpuMs: cpu } = await commitAll(store, work);
  await store.close();
  return { layout: 'v6 row per day', points, cpuMs: cpu, ...(await pgSize(url)) };
}

async function freshDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Of runs of one layout, the one with the least CPU. */
const least = (runs: Figures[]) =>
  runs.reduce((best, run) => (run.cpuMs < best.cpuMs ? run : best), runs[0] as Figures);

/** Opens (and so migrates) a version-5 store, timed. */
async function migrate(address: string) {
  const started = performance.now();
  const store = await openStore(address);
  const ms = performance.now() - started;
  await store.close();
  return ms;
}

function print(store: string, figures: Figures[]) {
  const userDays = USERS * DAYS;
  for (const f of figures)
    say(
      `${store.padEnd(10)} ${f.layout.padEnd(17)} points ${f.points}  rows ${f.rows}  ` +
        `CPU ${((f.cpuMs * 1000) / f.points).toFixed(2)} µs/point  ` +
        `size ${(f.bytes / userDays).toFixed(0)} B/user-day (${(f.bytes / 1024 / 1024).toFixed(2)} MB)`,
    );
  const [before, after] = figures as [Figures, Figures];
  if (before.migrateMs !== undefined)
    say(
      `${store.padEnd(10)} migrating the version-5 store to day rows: ${before.migrateMs.toFixed(0)} ms ` +
        `(${((before.migrateMs * 100_000) / before.points / 1000).toFixed(2)} s per 100,000 points)`,
    );
  say(
    `${store.padEnd(10)} after ÷ before: CPU per point ${(after.cpuMs / after.points / (before.cpuMs / before.points)).toFixed(2)}, ` +
      `size ${(after.bytes / before.bytes).toFixed(2)}, rows ${(after.rows / before.rows).toFixed(3)}`,
  );
}

async function main() {
  const work = windows();
  say(
    `store layout: ${USERS} users × ${DAYS} days × 24 points (${work.length} windows of ≤ ${WINDOW_DAYS} days); ` +
      `Node ${process.versions.node}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const dir = mkdtempSync(join(os.tmpdir(), 'svc-bench-days-'));
  try {
    // Each layout REPS times, alternating, into new stores; the least CPU of each is kept (the machine's
    // other work only ever adds to it), the migration of the last version-5 store is timed.
    const sqlite: Figures[][] = [[], []];
    for (let rep = 0; rep < REPS; rep++) {
      sqlite[0]?.push(v5Sqlite(join(dir, `v5-${rep}.db`), work));
      sqlite[1]?.push(await v6Sqlite(join(dir, `v6-${rep}.db`), work));
    }
    const [v5, v6] = sqlite.map(least) as [Figures, Figures];
    v5.migrateMs = await migrate(`sqlite:${join(dir, `v5-${REPS - 1}.db`)}`);
    print('SQLite', [v5, v6]);
    if (WITH_PG) {
      const server = await startPostgres();
      try {
        const postgres: Figures[][] = [[], []];
        let v5Url = '';
        for (let rep = 0; rep < REPS; rep++) {
          v5Url = await freshDatabase(server.url, `bench_v5_${rep}`);
          postgres[0]?.push(await v5Postgres(v5Url, work));
          postgres[1]?.push(await v6Postgres(await freshDatabase(server.url, `bench_v6_${rep}`), work));
        }
        const [before, after] = postgres.map(least) as [Figures, Figures];
        before.migrateMs = await migrate(v5Url);
        print('PostgreSQL', [before, after]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  say(
    `load after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
