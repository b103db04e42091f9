// The client's page walk: 1,000,000 steps points over 100 pages, walked by `for await` over the call, by
// `.pages()` and by a hand-written cursor loop over the same loopback server (a child process). Run alone
// with `pnpm --filter @svc/bench bench:pagination`, or as the pagination section of `pnpm bench`
// (src/pagination-memory.ts). Prints a table and writes bench-results/pagination-*.json.
// Memory pass: forced GC at every page boundary, heap growth over the pre-walk baseline (needs --expose-gc).
// Time pass: no probes; the loops change order per round; the ratio is taken within each round.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { createClient, type FetchLike } from '@svc/client';
import { balancedOrder, median, round } from '../stats.js';

const PAGES = 100;
const POINTS_PER_PAGE = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const MB = 1024 * 1024;
const params = {
  user_id: '8f2c4c9e-5d0b-4a51-9c1e-3f3c1d8c2a10',
  start_date: '2026-11-01',
  end_date: '2026-11-30',
};

const loadAtStart = os.loadavg()[0] ?? 0;
const gc = globalThis.gc;
if (!gc) throw new Error('run with node --expose-gc (pnpm bench does)');

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; pageBytes: number }> {
  const child = fork(new URL('./walk-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PAGES: String(PAGES), BENCH_POINTS_PER_PAGE: String(POINTS_PER_PAGE) },
  });
  const ready = await new Promise<{ port: number; pageBytes: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; pageBytes: number }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${ready.port}`, pageBytes: ready.pageBytes };
}

const { child, baseUrl, pageBytes } = await startServer();
const client = createClient({ apiKey: 'bench-key', baseUrl, maxRetries: 0 });

interface Walked {
  points: number;
  pages: number;
  sum: number;
}

/** Adds every point of one page to `walked`: the user's own loop over the groups of a page. */
function addPoints(
  walked: Walked,
  groups: Awaited<ReturnType<typeof client.getStepsGrouped>>['groups'],
): void {
  for (const list of Object.values(groups)) {
    for (const group of list) {
      for (const point of group.data) {
        walked.sum += point.value;
        walked.points++;
      }
    }
  }
}

/** What a user writes without the walk: follow next_cursor (else next) until null. */
async function handLoop(onPage?: () => void): Promise<Walked> {
  let cursor: string | null | undefined;
  const walked = { points: 0, pages: 0, sum: 0 };
  do {
    const page = await client.getStepsGrouped(cursor ? { ...params, next_cursor: cursor } : params);
    onPage?.();
    walked.pages++;
    addPoints(walked, page.groups);
    cursor = page.next_cursor !== undefined ? page.next_cursor : page.next;
  } while (cursor);
  return walked;
}

/** `for await` over the call itself: every point of every page. */
async function itemsLoop(onPage?: () => void): Promise<Walked> {
  const walked = { points: 0, pages: 0, sum: 0 };
  for await (const { point } of client.getStepsGrouped(params)) {
    if (walked.points % POINTS_PER_PAGE === 0) {
      onPage?.();
      walked.pages++;
    }
    walked.sum += point.value;
    walked.points++;
  }
  return walked;
}

/** `.pages()`: whole pages, the user's own loop over groups; for hot loops that want no per-item await. */
async function pagesLoop(onPage?: () => void): Promise<Walked> {
  const walked = { points: 0, pages: 0, sum: 0 };
  for await (const page of client.getStepsGrouped(params).pages()) {
    onPage?.();
    walked.pages++;
    addPoints(walked, page.groups);
  }
  return walked;
}

const variants = { hand: handLoop, items: itemsLoop, pages: pagesLoop } as const;
type Variant = keyof typeof variants;

function check(walked: Walked): void {
  if (walked.points !== PAGES * POINTS_PER_PAGE || walked.pages !== PAGES) {
    throw new Error(`walked ${walked.points} points over ${walked.pages} pages`);
  }
}

/** Heap growth over the baseline, sampled after a full GC while each page is held. */
async function heapPass(variant: Variant) {
  gc?.();
  gc?.();
  const baseline = process.memoryUsage().heapUsed;
  const samples: number[] = [];
  check(
    await variants[variant](() => {
      gc?.();
      samples.push(process.memoryUsage().heapUsed - baseline);
    }),
  );
  return {
    maxGrowthMB: Math.max(...samples) / MB,
    /** Last page minus first page: what the walk accumulated (zero when only one page is held). */
    accumulatedMB: ((samples.at(-1) ?? 0) - (samples[0] ?? 0)) / MB,
  };
}

/** Wall time, and this process's CPU time (all its threads): the CPU figure is steadier on a shared machine. */
async function timed(variant: Variant): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  check(await variants[variant]());
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/**
 * CPU cost of yielding items, without the network: one page's bytes served 100 times by an in-memory fetch.
 * Both loops parse every page the same way; what `for await` over items adds is the difference.
 */
async function itemOverhead() {
  const first = await client.getStepsGrouped(params);
  // As the loopback server does: the groups' JSON once, each page's cursor added around it.
  const head = `${JSON.stringify({ groups: first.groups }).slice(0, -1)},"next_cursor":`;
  const memoryFetch: FetchLike = async (input) => {
    const cursor = new URL(input.url).searchParams.get('next_cursor');
    const index = cursor ? Number(cursor.slice(1)) : 0;
    const next = index + 1 < PAGES ? `"p${index + 1}"` : 'null';
    return new Response(`${head}${next}}`, { headers: { 'content-type': 'application/json' } });
  };
  const memory = createClient({ apiKey: 'bench-key', baseUrl, maxRetries: 0, fetch: memoryFetch });
  const measure = async (loop: () => Promise<number>) => {
    await loop();
    const started = performance.now();
    const sum = await loop();
    const ms = (performance.now() - started) / PAGES;
    return { msPerPage: round(ms), nsPerItem: Math.round((ms * 1e6) / POINTS_PER_PAGE), sum };
  };
  const pageLoop = await measure(async () => {
    let sum = 0;
    for await (const page of memory.getStepsGrouped(params).pages()) {
      for (const groups of Object.values(page.groups)) {
        for (const group of groups) for (const point of group.data) sum += point.value;
      }
    }
    return sum;
  });
  const items = await measure(async () => {
    let sum = 0;
    for await (const { point } of memory.getStepsGrouped(params)) sum += point.value;
    return sum;
  });
  if (pageLoop.sum !== items.sum) throw new Error('the two loops read different points');
  return {
    pagesWithSyncLoop: pageLoop,
    items,
    itemNs: Math.round(((items.msPerPage - pageLoop.msPerPage) * 1e6) / POINTS_PER_PAGE),
  };
}

const LABELS: Record<Variant, string> = {
  hand: 'hand-written loop',
  items: 'for await items',
  pages: 'for await .pages()',
};
const NAMES = Object.keys(variants) as Variant[];

try {
  // Warm-up: JIT every loop and open the keep-alive connection before anything is measured.
  for (const variant of NAMES) await timed(variant);

  const heap = {} as Record<Variant, Awaited<ReturnType<typeof heapPass>>>;
  for (const variant of NAMES) heap[variant] = await heapPass(variant);

  // Each round runs every loop once, in a balanced order (stats.ts); ratios are taken within a round.
  const rounds: Array<{ order: Variant[]; ms: Record<Variant, number>; cpuMs: Record<Variant, number> }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = balancedOrder(NAMES, r);
    const ms = {} as Record<Variant, number>;
    const cpuMs = {} as Record<Variant, number>;
    for (const variant of order) ({ wall: ms[variant], cpu: cpuMs[variant] } = await timed(variant));
    rounds.push({ order, ms, cpuMs });
  }

  const results = NAMES.map((variant) => {
    const ratios = rounds.map((r) => r.ms[variant] / r.ms.hand);
    const cpuRatios = rounds.map((r) => r.cpuMs[variant] / r.cpuMs.hand);
    return {
      cpuMsPerPage: round(median(rounds.map((r) => r.cpuMs[variant])) / PAGES),
      cpuRatioToHand: round(median(cpuRatios), 3),
      variant,
      msPerPage: round(median(rounds.map((r) => r.ms[variant])) / PAGES),
      ratioToHand: round(median(ratios), 3),
      ratioRange: [round(Math.min(...ratios)), round(Math.max(...ratios))],
      heapGrowthMB: round(heap[variant].maxGrowthMB),
      heapAccumulatedMB: round(heap[variant].accumulatedMB),
    };
  });
  const overhead = await itemOverhead();
  const targets = { heapGrowthMB: 32, ratioToHand: 1.05 };
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemMB: Math.round(os.totalmem() / MB),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
  const workload = {
    pages: PAGES,
    pointsPerPage: POINTS_PER_PAGE,
    pageBytes,
    rounds: ROUNDS,
    loadAverage: os.loadavg(),
  };

  const header = [
    '',
    'wall ms/page',
    'wall ratio (range)',
    'CPU ms/page',
    'CPU ratio',
    'heap growth MB',
    'accumulated MB',
  ];
  const rows = results.map((r) => [
    LABELS[r.variant],
    r.msPerPage,
    `${r.ratioToHand} (${r.ratioRange.join('-')})`,
    r.cpuMsPerPage,
    r.cpuRatioToHand,
    r.heapGrowthMB,
    r.heapAccumulatedMB,
  ]);
  const table = [header, ...rows].map((row) =>
    row.map((cell, i) => String(cell).padEnd(i === 0 ? 20 : i === 2 ? 20 : 15)).join(''),
  );
  process.stdout.write(
    [
      `client page walk bench: ${PAGES} pages x ${POINTS_PER_PAGE} points (${round(pageBytes / MB)} MB JSON per page), ${ROUNDS} rounds`,
      `machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.totalMemMB} MB, Node ${machine.node}`,
      '',
      ...table,
      '',
      `without the network (one page's bytes served ${PAGES} times by an in-memory fetch), ms per page: ` +
        `for await items ${overhead.items.msPerPage}, .pages() with a synchronous loop ${overhead.pagesWithSyncLoop.msPerPage}; ` +
        `items add ${overhead.itemNs} ns per item`,
      `targets: heap growth <= ${targets.heapGrowthMB} MB, time ratio to the hand loop <= ${targets.ratioToHand}`,
      `medians over ${ROUNDS} rounds; ratios are taken within each round; 1-min load average ${loadAtStart.toFixed(2)} at start, ${(os.loadavg()[0] ?? 0).toFixed(2)} at end`,
      'heap growth: max over the walk of heapUsed after a full GC at each page, minus the pre-walk baseline;',
      'accumulated: the same at the last page minus at the first (what the walk keeps as it goes).',
      '',
    ].join('\n'),
  );
  await mkdir(new URL('../../bench-results/', import.meta.url), { recursive: true });
  const file = new URL(
    `../../bench-results/pagination-${new Date().toISOString().replaceAll(':', '-')}.json`,
    import.meta.url,
  );
  await writeFile(
    file,
    `${JSON.stringify({ machine, workload, targets, results, overhead, heap, rounds }, null, 2)}\n`,
  );
  process.stdout.write(`wrote ${file.pathname}\n`);
} finally {
  child.disconnect();
}
