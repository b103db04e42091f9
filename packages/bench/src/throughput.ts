// Call overhead: plain fetch + JSON.parse (the floor), the same with a per-call abort signal and timer
// (what any client whose timeout stops the socket pays), bare openapi-fetch, and our named methods, on the
// same loopback server (a child process, so its CPU is not counted here). Each workload runs its rounds
// back to back; every round runs each contender once, in an order that changes per round (each contender
// follows every other equally often); ratios are taken within a round (paired), then the median over
// rounds is reported, so drift of a shared machine cancels out. "before" is our client as it was before
// the attempt channel (client-before.ts): ours over it, paired per round, is what tracing costs a call
// while nobody listens.
import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createClient } from '@svc/client';
import type { paths } from '@svc/types';
import createFetchClient from 'openapi-fetch';
import type { ClientBefore } from './client-before.js';
import { USER_ID } from './server/bodies.js';
import { balancedOrder, median, round } from './stats.js';

export const CONTENDERS = ['floor', 'abortable', 'nodeHttp', 'openapiFetch', 'before', 'ours'] as const;
export type Contender = (typeof CONTENDERS)[number];
type Body = 'small' | 'medium' | 'large';
type Call = () => Promise<unknown>;

interface Workload {
  name: string;
  body: Body;
  concurrency: number;
  /**
   * Calls per contender and round: enough for roughly 100–300 ms on this machine, and twice that where
   * a target is set against plain node:http, whose calls differ from ours by a few µs.
   */
  calls: number;
  /**
   * Legs of a round (default 1): each leg runs every contender on its share of the calls, so each
   * contender's calls are spread over the round and a slow spell of the shared machine falls on all
   * of them (README, "How the bench measures").
   */
  legs?: number;
  /** Targets of ours, as ratios: wall and CPU to plain fetch (the floor), CPU to plain node:http. */
  wall?: number;
  cpu?: number;
  cpuToNodeHttp?: number;
  /**
   * A full collection before each batch (and its untimed share): a 1.2 MB answer leaves tens of MB of
   * old-generation garbage that the next contender's batch would otherwise pay for, and its calls are
   * long enough that the collection's after-effects (below) are lost in them.
   */
  collectFirst?: true;
}

// Issue 24's targets: on the user record, ours ≤ 0.90× plain fetch's wall (sequential and 32 at a
// time), ≤ 0.75× its CPU, and never more than 1.25× plain node:http's CPU; on 1.2 MB, ≤ 0.95× its CPU.
const WORKLOADS: Workload[] = [
  {
    name: 'user record, sequential',
    body: 'small',
    concurrency: 1,
    calls: 800,
    legs: 4,
    wall: 0.9,
    cpu: 0.75,
    cpuToNodeHttp: 1.25,
  },
  {
    name: 'user record, 32 concurrent',
    body: 'small',
    concurrency: 32,
    calls: 3200,
    legs: 4,
    wall: 0.9,
    cpu: 0.75,
    cpuToNodeHttp: 1.25,
  },
  {
    name: 'user record, 256 in flight',
    body: 'small',
    concurrency: 256,
    calls: 5120,
    legs: 4,
    cpu: 0.75,
    cpuToNodeHttp: 1.25,
  },
  { name: '100 markers, sequential', body: 'medium', concurrency: 1, calls: 150 },
  { name: '100 markers, 32 concurrent', body: 'medium', concurrency: 32, calls: 480 },
  { name: '100 markers, 256 in flight', body: 'medium', concurrency: 256, calls: 768 },
  { name: '10k points, sequential', body: 'large', concurrency: 1, calls: 12, cpu: 0.95, collectFirst: true },
  {
    name: '10k points, 32 concurrent',
    body: 'large',
    concurrency: 32,
    calls: 32,
    cpu: 0.95,
    collectFirst: true,
  },
];

/**
 * The workloads measured: all, or those whose name starts with one of BENCH_WORKLOADS's comma-separated
 * prefixes (`BENCH_WORKLOADS='user record'`: the three with a target against plain node:http).
 */
const SELECTED = process.env.BENCH_WORKLOADS?.split(',');
const MEASURED = SELECTED
  ? WORKLOADS.filter(({ name }) => SELECTED.some((prefix) => name.startsWith(prefix)))
  : WORKLOADS;

const API_KEY = 'sk-bench-0123456789';
const headers = { 'x-svc-api-key': API_KEY };
export const markerQuery = { lab_slug: 'quest', page: 1, size: 100 };
const stepsQuery = { start_date: '2026-11-01', end_date: '2026-11-07' };

export const markerPath = `/v3/lab_tests/markers?${new URLSearchParams(stringValues(markerQuery))}`;
/** The query as URLSearchParams takes it: every value a string. */
function stringValues(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));
}

const stepsPath = `/v2/timeseries/${USER_ID}/steps/grouped?${new URLSearchParams(stepsQuery)}`;

/**
 * Plain fetch as any client whose per-call timeout (or abort) stops the socket must call it: a fresh
 * AbortController and a timer per call, cleared when the body is read. Our named methods do this per
 * attempt; bare openapi-fetch and the floor do not.
 */
export async function abortableFetch(url: string, headers: HeadersInit): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return JSON.parse(await response.text());
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Plain node:http as a client on Node can call it at the least: a keep-alive agent, the body's chunks
 * concatenated, `JSON.parse`; no timeout, no abort. The floor our named methods send over on Node.
 */
function nodeHttpGet(baseUrl: string, headers: Record<string, string>): (path: string) => Call {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true });
  return (path) => () =>
    new Promise((resolve, reject) => {
      const sent = request({ hostname, port, path, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
          else resolve(JSON.parse(Buffer.concat(chunks).toString()));
        });
      });
      sent.on('error', reject);
      sent.end();
    });
}

function callers(baseUrl: string, before: ClientBefore): Record<Body, Record<Contender, Call>> {
  const nodeHttp = nodeHttpGet(baseUrl, headers);
  const floor = (path: string) => async () => {
    const response = await fetch(baseUrl + path, { headers });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return JSON.parse(await response.text());
  };
  const abortable = (path: string) => () => abortableFetch(baseUrl + path, headers);
  const bare = createFetchClient<paths>({ baseUrl, headers });
  const checked = async <T extends { data?: unknown; error?: unknown }>(promise: Promise<T>) => {
    const { data, error } = await promise;
    if (error !== undefined) throw new Error('error response');
    return data;
  };
  // Our client with its defaults (2 retries, 60 s per-attempt timeout), as a user creates it.
  const svc = createClient({ apiKey: API_KEY, baseUrl });
  const old = before.createClient({ apiKey: API_KEY, baseUrl });
  return {
    small: {
      floor: floor('/v2/user/resolve/client-user-1'),
      abortable: abortable('/v2/user/resolve/client-user-1'),
      nodeHttp: nodeHttp('/v2/user/resolve/client-user-1'),
      openapiFetch: () =>
        checked(
          bare.GET('/v2/user/resolve/{client_user_id}', {
            params: { path: { client_user_id: 'client-user-1' } },
          }),
        ),
      before: () => old.resolveUser({ client_user_id: 'client-user-1' }),
      ours: () => svc.resolveUser({ client_user_id: 'client-user-1' }),
    },
    medium: {
      floor: floor(markerPath),
      abortable: abortable(markerPath),
      nodeHttp: nodeHttp(markerPath),
      openapiFetch: () => checked(bare.GET('/v3/lab_tests/markers', { params: { query: markerQuery } })),
      before: () => old.listMarkers(markerQuery),
      ours: () => svc.listMarkers(markerQuery),
    },
    large: {
      floor: floor(stepsPath),
      abortable: abortable(stepsPath),
      nodeHttp: nodeHttp(stepsPath),
      openapiFetch: () =>
        checked(
          bare.GET('/v2/timeseries/{user_id}/steps/grouped', {
            params: { path: { user_id: USER_ID }, query: stepsQuery },
          }),
        ),
      before: () => old.getStepsGrouped({ user_id: USER_ID, ...stepsQuery }),
      ours: () => svc.getStepsGrouped({ user_id: USER_ID, ...stepsQuery }),
    },
  };
}

/** Each contender must read the same data: checked once before anything is timed. */
function checkData(body: Body, data: unknown): void {
  const value = data as {
    user_id?: string;
    markers?: unknown[];
    groups?: Record<string, Array<{ data: unknown[] }>>;
  };
  const ok =
    body === 'small'
      ? value.user_id === USER_ID
      : body === 'medium'
        ? value.markers?.length === 100
        : value.groups?.fitbit?.[0]?.data.length === 5000 && value.groups.oura?.[0]?.data.length === 5000;
  if (!ok) throw new Error(`bench: unexpected ${body} body`);
}

/** Untimed rounds of each workload just before its timed rounds. */
const WARM_UP_ROUNDS = 2;

/** Untimed calls of the same contender before each timed batch, as a share of the batch. */
const SETTLE_SHARE = 0.25;

/** `count` calls, `concurrency` at a time. */
async function runCalls(call: Call, concurrency: number, count: number): Promise<void> {
  if (concurrency === 1) {
    for (let i = 0; i < count; i++) await call();
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next++ < count) await call();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

/**
 * One timed batch, after an untimed quarter-batch of the same calls: the clock starts with this
 * contender's connections open (ours closes a socket idle for 4 s, as fetch does, and the other
 * workloads' batches leave most of them idle longer) and its code as the steady state left it. A
 * full collection is forced first only where a workload says so: it makes the next few thousand
 * calls of any contender cost up to 3 times their steady CPU (README, "How the bench measures"), so
 * for small answers the changing order from round to round spreads each contender's
 * (young, short-lived) garbage instead.
 */
async function batch(call: Call, workload: Workload, calls: number): Promise<Timing> {
  if (workload.collectFirst) globalThis.gc?.();
  await runCalls(call, workload.concurrency, Math.ceil(calls * SETTLE_SHARE));
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runCalls(call, workload.concurrency, calls);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * One round: every contender runs the workload's calls, leg by leg (a new order per leg and round:
 * `balancedOrder`); its timing is the sum of its legs.
 */
async function runRound(
  calls: Record<Contender, Call>,
  workload: Workload,
  index: number,
): Promise<Record<Contender, Timing>> {
  const legs = workload.legs ?? 1;
  const timings = Object.fromEntries(CONTENDERS.map((c) => [c, { wallMs: 0, cpuMs: 0 }])) as Record<
    Contender,
    Timing
  >;
  for (let leg = 0; leg < legs; leg++) {
    for (const contender of balancedOrder(CONTENDERS, index * legs + leg)) {
      const timing = await batch(calls[contender], workload, Math.ceil(workload.calls / legs));
      timings[contender].wallMs += timing.wallMs;
      timings[contender].cpuMs += timing.cpuMs;
    }
  }
  return timings;
}

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; sizes: Record<Body, number> }> {
  const child = fork(new URL('./server/canned-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
  });
  const ready = await new Promise<{ port: number; sizes: Record<string, number> }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; sizes: Record<string, number> }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const [small, medium, large] = Object.values(ready.sizes) as [number, number, number];
  return { child, baseUrl: `http://127.0.0.1:${ready.port}`, sizes: { small, medium, large } };
}

export interface ThroughputRow {
  workload: string;
  bodyBytes: number;
  concurrency: number;
  callsPerBatch: number;
  floorUsPerCall: number;
  floorCpuUsPerCall: number;
  /** Medians of per-round paired ratios to the floor (wall time). */
  wallRatio: Record<Contender, number>;
  /** Same, on this process's CPU time (the server is another process). */
  cpuRatio: Record<Contender, number>;
  /** Ours to plain node:http, per round, median: CPU and wall. */
  oursToNodeHttp: { cpu: number; wall: number };
  /** Ours to our client before the attempt channel, per round, median: CPU and wall (nobody listening). */
  oursToBefore: { cpu: number; wall: number };
  /** The same CPU ratio's lowest and highest round. */
  oursToBeforeCpuRange: [number, number];
  /** Ours to plain node:http, CPU, round by round (the spread behind the median). */
  oursToNodeHttpCpuByRound: number[];
  oursRatioRange: [number, number];
  targets: { wall?: number; cpu?: number; cpuToNodeHttp?: number };
  /** Within every target of the row (undefined: reported only). */
  met: boolean | undefined;
}

export async function measureThroughput(
  rounds: number,
  log: (line: string) => void,
  before: ClientBefore,
): Promise<ThroughputRow[]> {
  const { child, baseUrl, sizes } = await startServer();
  try {
    const calls = callers(baseUrl, before);
    for (const body of ['small', 'medium', 'large'] as const) {
      for (const contender of CONTENDERS) checkData(body, await calls[body][contender]());
    }
    const samples = MEASURED.map(() => [] as Array<Record<Contender, Timing>>);
    // Every round of one workload before the next workload, each workload warmed up just before its
    // rounds: a collection, then untimed rounds (every path compiled, its connections open, the heap
    // grown back). A warm-up of all workloads up front ended on the 1.2 MB ones, whose old-generation
    // garbage then lay under the first workload's early rounds (plain node:http's CPU per call read
    // 450 and 346 µs in rounds 1 and 2, about 200 µs from round 6 on).
    for (const [w, workload] of MEASURED.entries()) {
      globalThis.gc?.();
      for (let r = 0; r < WARM_UP_ROUNDS; r++) await runRound(calls[workload.body], workload, r);
      for (let r = 0; r < rounds; r++) samples[w]?.push(await runRound(calls[workload.body], workload, r));
      log(`  throughput: ${workload.name}, ${rounds} rounds`);
    }
    const rows = MEASURED.map((workload, w): ThroughputRow => {
      const perRound = samples[w] ?? [];
      const ratio = (contender: Contender, key: keyof Timing, base: Contender = 'floor') =>
        perRound.map((timings) => timings[contender][key] / timings[base][key]);
      const medianRatio = (contender: Contender, key: keyof Timing, base: Contender = 'floor') =>
        round(median(ratio(contender, key, base)), 3);
      const oursRatios = ratio('ours', 'wallMs');
      const wallRatio = Object.fromEntries(CONTENDERS.map((c) => [c, medianRatio(c, 'wallMs')])) as Record<
        Contender,
        number
      >;
      const cpuRatio = Object.fromEntries(CONTENDERS.map((c) => [c, medianRatio(c, 'cpuMs')])) as Record<
        Contender,
        number
      >;
      const oursToNodeHttp = {
        cpu: medianRatio('ours', 'cpuMs', 'nodeHttp'),
        wall: medianRatio('ours', 'wallMs', 'nodeHttp'),
      };
      const beforeCpu = ratio('ours', 'cpuMs', 'before');
      const { wall, cpu, cpuToNodeHttp } = workload;
      const targeted = wall !== undefined || cpu !== undefined || cpuToNodeHttp !== undefined;
      return {
        workload: workload.name,
        bodyBytes: sizes[workload.body],
        concurrency: workload.concurrency,
        callsPerBatch: workload.calls,
        floorUsPerCall: round((median(perRound.map((t) => t.floor.wallMs)) * 1000) / workload.calls, 1),
        floorCpuUsPerCall: round((median(perRound.map((t) => t.floor.cpuMs)) * 1000) / workload.calls, 1),
        wallRatio,
        cpuRatio,
        oursToNodeHttp,
        oursToBefore: {
          cpu: medianRatio('ours', 'cpuMs', 'before'),
          wall: medianRatio('ours', 'wallMs', 'before'),
        },
        oursToBeforeCpuRange: [round(Math.min(...beforeCpu), 3), round(Math.max(...beforeCpu), 3)],
        oursToNodeHttpCpuByRound: ratio('ours', 'cpuMs', 'nodeHttp').map((value) => round(value, 3)),
        oursRatioRange: [round(Math.min(...oursRatios)), round(Math.max(...oursRatios))],
        targets: { wall, cpu, cpuToNodeHttp },
        met: targeted
          ? (wall === undefined || wallRatio.ours <= wall) &&
            (cpu === undefined || cpuRatio.ours <= cpu) &&
            (cpuToNodeHttp === undefined || oursToNodeHttp.cpu <= cpuToNodeHttp)
          : undefined,
      };
    });
    return rows;
  } finally {
    child.disconnect();
  }
}
