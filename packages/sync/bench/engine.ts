// The engine alone: a backfill of N users × steps and three summaries × D days through `createSync` into
// SQLite, its client answering from memory, so what it costs per request is the engine's (planning,
// pacing, progress, reading the points, the store) with no HTTP and no server sharing the cores. The
// answers are recorded once from an in-process sandbox of the fleet bench's seed, through the SDK
// client, and each is parsed afresh from its JSON text when replayed (as a client parses an answer).
// Its figure is CPU µs per request (median of the rounds; the recording round is untimed). The host's own
// speed drifts (the same build read 130 and 210 µs within the hour on the shared 2 cores), so compare two
// builds by alternating their runs, never with a figure taken earlier.
// After the timed rounds, one more backfill records the SQL it runs, which is replayed raw (store-floor.ts):
// SQLite's own CPU per request, with every call and with the data rows alone, beside the engine's figure.
// Env: BENCH_ONLY (runs when unset or naming `engine`), BENCH_ENGINE_USERS (300), BENCH_ENGINE_DAYS (30),
// BENCH_ENGINE_ROUNDS (6: the recording round, then five timed).
// `node --import tsx bench/engine.ts` (`pnpm bench:engine`).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { createSync, openStore, teamFingerprint } from '../src/index.js';
import type { SyncClient } from '../src/sync-client.js';
import { median, removeSqliteFiles } from './fleet-parts.js';
import { replayingClient } from './replaying-client.js';
import { dataRowsOnly, recordCalls, replayCalls } from './store-floor.js';

const only = process.env.BENCH_ONLY;
if (only && !only.split(',').includes('engine')) process.exit(0);

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_ENGINE_USERS', 300);
const DAYS = env('BENCH_ENGINE_DAYS', 30);
const ROUNDS = Math.max(2, env('BENCH_ENGINE_ROUNDS', 6));
const KEY = 'sk_test_bench';
const NOW = '2026-01-05T09:00:00.000Z';
const TO = '2026-01-04';
const FROM = new Date(Date.parse(`${TO}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const USER_IDS = Array.from({ length: USERS }, (_, i) => `fleet-${i}`);

const sandbox = createSandbox({ apiKey: KEY, seed: 'bench-fleet', startTime: NOW });
const live = createClient({
  apiKey: KEY,
  baseUrl: sandbox.url,
  fetch: ((request: Request) => sandbox.fetch(request)) as typeof fetch,
  maxRetries: 0,
});
const replay = replayingClient(live as SyncClient);

const dir = mkdtempSync(join(os.tmpdir(), 'svc-sync-engine-'));
const load = os.loadavg().map((n) => Math.round(n * 100) / 100);

/** One backfill into a fresh store: CPU µs per request and the requests it made. */
async function round(index: number, client: SyncClient) {
  const path = join(dir, `engine-${index}.db`);
  const store = await openStore(`sqlite:${path}`);
  const sync = createSync({
    client,
    store,
    team: teamFingerprint(KEY),
    resources: ['steps', 'activity', 'sleep', 'body'],
    limits: { maxConcurrency: 32, initialConcurrency: 4 },
    now: () => new Date(NOW),
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await sync.backfill({ users: USER_IDS, from: FROM, to: TO }).result;
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  removeSqliteFiles(path);
  if (result.status !== 'done') throw new Error(`round ${index}: the backfill ended ${result.status}`);
  const requests = result.progress.requests;
  return {
    requests,
    cpuMicrosPerRequest: Math.round(((used.user + used.system) / requests) * 10) / 10,
    seconds,
  };
}

// The recording round reads through the sandbox; it is the warm-up, untimed.
await round(0, replay.recording);
const rounds = [];
for (let r = 1; r < ROUNDS; r++) rounds.push(await round(r, replay.replaying));
const calls = await recordCalls(async () => {
  await round(ROUNDS, replay.replaying);
});
const requests = rounds[0]?.requests ?? 1;
/** SQLite's CPU µs per request for these calls: the median of three replays. */
const floorOf = (name: string, replayed: typeof calls) => {
  const micros = [];
  for (let r = 0; r < 3; r++) micros.push(replayCalls(replayed, join(dir, `floor-${name}-${r}.db`)));
  return Math.round((median(micros) / requests) * 10) / 10;
};
const sqlite = {
  calls: calls.length,
  transactions: calls.filter((call) => call.sql === 'COMMIT').length,
  everyCallMicrosPerRequest: floorOf('all', calls),
  dataRowsMicrosPerRequest: floorOf('data', dataRowsOnly(calls)),
};
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify(
    {
      users: USERS,
      days: DAYS,
      requests,
      cpuMicrosPerRequest: median(rounds.map((r) => r.cpuMicrosPerRequest)),
      sqliteReplayed: sqlite,
      rounds: rounds.map((r) => r.cpuMicrosPerRequest),
      secondsByRound: rounds.map((r) => Math.round(r.seconds * 10) / 10),
      loadAtEnd: os
        .loadavg()
        .map((n) => Math.round(n * 100) / 100)
        .join(' / '),
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${load.join(' / ')} at start`,
    },
    null,
    2,
  )}\n`,
);
