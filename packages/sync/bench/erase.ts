// The erasure bench: erase 1 user of a 10,000-user store, SQLite and PostgreSQL. The store is synthesised
// straight into the tables (no sync of 10,000 users): per user D days of hourly steps points and a sleep
// and an activity summary per day, a user row and windows. Figures: the size of the store, the erasure's
// transaction (rows deleted + tombstone), and the scrub that takes the bytes out of the files (SQLite:
// checkpoint + VACUUM + checkpoint(TRUNCATE); PostgreSQL: VACUUM (FULL, ANALYZE) of the touched tables).
// Env: BENCH_ONLY (runs when unset or naming `erase`), BENCH_ERASE_USERS (10000), BENCH_ERASE_DAYS (3),
// BENCH_ERASE_STORES (sqlite,postgres).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eraseUser, openStore, type StepRow } from '../src/index.js';
import { sqliteDriver } from '../src/stores/sqlite/driver.js';
import { dayOfPoints } from '../src/stores/step-days.js';
import { startPostgres } from '../test/fixtures/servers.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('erase')) process.exit(0);

const USERS = Number(process.env.BENCH_ERASE_USERS ?? 10_000);
const DAYS = Number(process.env.BENCH_ERASE_DAYS ?? 3);
const STORES = (process.env.BENCH_ERASE_STORES ?? 'sqlite,postgres').split(',');
const ERASED = `bench-user-${Math.floor(USERS / 2)}`;
const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
const now = new Date().toISOString();

/** The rows of one user, as the store holds them (service id `u-<client id>`). */
function* userRows(i: number) {
  const userId = `u-bench-user-${i}`;
  for (let d = 0; d < DAYS; d++) {
    for (let h = 0; h < 24; h++) {
      const start = `${day(d)}T${String(h).padStart(2, '0')}:00:00.000Z`;
      const value = (i * 31 + d * 7 + h) % 1500;
      yield {
        kind: 'steps' as const,
        userId,
        start,
        value,
        data: JSON.stringify({ start, value, type: 'steps' }),
      };
    }
    for (const resource of ['sleep', 'activity'])
      yield {
        kind: 'summary' as const,
        userId,
        resource,
        date: day(d),
        data: JSON.stringify({ calendar_date: day(d), score: (i + d) % 100, resource }),
      };
  }
}

async function sqliteFigures(dir: string) {
  const path = join(dir, 'erase-bench.db');
  await (await openStore(`sqlite:${path}`)).close();
  const db = sqliteDriver().open(path, false);
  const started = performance.now();
  db.exec('BEGIN');
  // Steps as the store keeps them: a row per user and UTC day, its points in one JSON array.
  const stepDay = db.prepare(
    `INSERT INTO svc_steps (user_id, provider, day, points, n, last_end, fetched_at) VALUES (?, 'oura', ?, ?, ?, ?, ?)`,
  );
  const writeDay = (points: StepRow[]) => {
    const first = points[0];
    if (!first) return;
    const row = dayOfPoints(first.userId, 'oura', first.start.slice(0, 10), points);
    stepDay.run(row.userId, row.day, row.points, row.n, row.lastEnd, now);
  };
  const summary = db.prepare(
    `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at) VALUES (?, ?, 'oura', ?, ?, ?)`,
  );
  const user = db.prepare(
    `INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES (?, ?, '["oura"]', NULL, ?)`,
  );
  const window = db.prepare(
    `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, covered_until, updated_at)
     VALUES (?, ?, 'oura', ?, ?, ?, 'done', 1, ?, ?)`,
  );
  for (let i = 0; i < USERS; i++) {
    user.run(`bench-user-${i}`, `u-bench-user-${i}`, now);
    for (const resource of ['steps', 'sleep', 'activity'])
      window.run(`u-bench-user-${i}`, resource, day(0), day(DAYS - 1), now, now, now);
    let points: StepRow[] = [];
    for (const row of userRows(i))
      if (row.kind === 'steps') {
        if (points[0] && points[0].start.slice(0, 10) !== row.start.slice(0, 10)) {
          writeDay(points);
          points = [];
        }
        points.push({
          userId: row.userId,
          provider: 'oura',
          start: row.start,
          end: row.start,
          unit: 'count',
          value: row.value,
          data: JSON.parse(row.data) as Record<string, unknown>,
        });
      } else summary.run(row.resource, row.userId, row.date, row.data, now);
    writeDay(points);
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  const fillSeconds = (performance.now() - started) / 1000;
  const sizeMB = statSync(path).size / 1_048_576;
  const store = await openStore(`sqlite:${path}`);
  try {
    const t0 = performance.now();
    const receipt = await eraseUser(store, { clientUserId: ERASED });
    const totalMs = performance.now() - t0;
    return {
      store: 'sqlite',
      fillSeconds: Math.round(fillSeconds * 10) / 10,
      sizeMB: Math.round(sizeMB),
      rowsDeleted: receipt.removed,
      eraseTransactionMs: Math.round(totalMs - receipt.scrub.ms),
      scrubMs: receipt.scrub.ms,
      scrubMBPerSecond: Math.round(sizeMB / (receipt.scrub.ms / 1000)),
      totalMs: Math.round(totalMs),
    };
  } finally {
    await store.close();
  }
}

async function postgresFigures() {
  const server = await startPostgres();
  try {
    await (await openStore(server.url)).close();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const started = performance.now();
    // Generated in the server (the same rows as SQLite's, by the same formulas).
    await client.query(
      `INSERT INTO svc_users SELECT 'bench-user-' || i, 'u-bench-user-' || i, '["oura"]', NULL, now()
       FROM generate_series(0, $1 - 1) i`,
      [USERS],
    );
    await client.query(
      `INSERT INTO svc_windows (user_id, resource, provider, start_date, end_date, as_of, status, generation, covered_until, updated_at)
       SELECT 'u-bench-user-' || i, r, 'oura', $2, $3, now(), 'done', 1, now(), now()
       FROM generate_series(0, $1 - 1) i, unnest(ARRAY['steps', 'sleep', 'activity']) r`,
      [USERS, day(0), day(DAYS - 1)],
    );
    // Steps as the store keeps them: a row per user and UTC day, each point `[start, end, unit, value, record]`.
    await client.query(
      `INSERT INTO svc_steps (user_id, provider, day, points, n, last_end, fetched_at)
       SELECT 'u-bench-user-' || i, 'oura', to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
              json_agg(json_build_array(iso, iso, 'count', v, json_build_object('start', iso, 'value', v, 'type', 'steps')) ORDER BY t)::text,
              count(*), max(t), now()
       FROM generate_series(0, $1 - 1) i,
            generate_series(timestamptz '2026-01-01', timestamptz '2026-01-01' + ($2 * 24 - 1) * interval '1 hour', interval '1 hour') t,
            LATERAL (SELECT ((i * 31 + extract(day FROM t)::int * 7 + extract(hour FROM t)::int) % 1500) AS v,
                            to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso) vv
       GROUP BY i, to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
      [USERS, DAYS],
    );
    await client.query(
      `INSERT INTO svc_summaries (resource, user_id, provider, calendar_date, data, fetched_at)
       SELECT r, 'u-bench-user-' || i, 'oura', to_char(d, 'YYYY-MM-DD'),
              json_build_object('calendar_date', to_char(d, 'YYYY-MM-DD'), 'score', (i + extract(day FROM d)::int) % 100, 'resource', r)::text, now()
       FROM generate_series(0, $1 - 1) i, generate_series(date '2026-01-01', date '2026-01-01' + ($2 - 1), interval '1 day') d,
            unnest(ARRAY['sleep', 'activity']) r`,
      [USERS, DAYS],
    );
    await client.query('VACUUM ANALYZE');
    const fillSeconds = (performance.now() - started) / 1000;
    const size = (await client.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n'))
      .rows[0]?.n;
    await client.end();
    const sizeMB = Number(size) / 1_048_576;
    const store = await openStore(server.url);
    try {
      const t0 = performance.now();
      const receipt = await eraseUser(store, { clientUserId: ERASED });
      const totalMs = performance.now() - t0;
      return {
        store: 'postgres',
        fillSeconds: Math.round(fillSeconds * 10) / 10,
        sizeMB: Math.round(sizeMB),
        rowsDeleted: receipt.removed,
        eraseTransactionMs: Math.round(totalMs - receipt.scrub.ms),
        scrubMs: receipt.scrub.ms,
        scrubMBPerSecond: Math.round(sizeMB / (receipt.scrub.ms / 1000)),
        totalMs: Math.round(totalMs),
      };
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
}

const dir = mkdtempSync(join(os.tmpdir(), 'svc-erase-bench-'));
try {
  const results = [];
  if (STORES.includes('sqlite')) results.push(await sqliteFigures(dir));
  if (STORES.includes('postgres')) results.push(await postgresFigures());
  const figures = {
    bench: `erase 1 user of a ${USERS}-user store`,
    users: USERS,
    days: DAYS,
    // A steps row per day (24 points in it) and two summaries per day.
    rowsPerUser: DAYS * 3,
    results,
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${load.join(' / ')} at start`,
  };
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
