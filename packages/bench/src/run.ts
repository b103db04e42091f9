// `pnpm bench`: every speed and size figure of the SDK in one run. Prints Markdown tables and writes
// the same figures as JSON to bench-results/ (gitignored) for comparison between commits.
// Sections: BENCH_ONLY=throughput,cold,size,types,pagination,sandbox (default all). Rounds: BENCH_ROUNDS
// (throughput, 15), BENCH_COLD_ROUNDS (21), BENCH_TSC_ROUNDS (7), BENCH_PAGINATION_ROUNDS (3),
// BENCH_SERVER_ROUNDS (sandbox and mock start-ups, 5), BENCH_LOAD_SECONDS (each load, 5). Call-overhead
// workloads: BENCH_WORKLOADS (name prefixes, default all).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureBundleSize } from './bundle-size.js';
import { loadClientBefore } from './client-before.js';
import { measureColdImport } from './cold-import.js';
import { measureInMemory } from './in-memory.js';
import { inMemoryTable } from './in-memory-table.js';
import { describeMachine } from './machine.js';
import { measurePaginationMemory } from './pagination-memory.js';
import { measureInProcess, measureServers } from './sandbox-servers.js';
import { table, verdict } from './table.js';
import { measureThroughput } from './throughput.js';
import { tracingTables } from './tracing-tables.js';
import { measureTypeCheck } from './type-check.js';

if (!globalThis.gc) throw new Error('run with node --expose-gc (pnpm bench does)');

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const config = {
  throughputRounds: env('BENCH_ROUNDS', 15),
  coldImportRounds: env('BENCH_COLD_ROUNDS', 21),
  typeCheckRounds: env('BENCH_TSC_ROUNDS', 7),
  paginationRounds: env('BENCH_PAGINATION_ROUNDS', 3),
  serverRounds: env('BENCH_SERVER_ROUNDS', 5),
  loadSeconds: env('BENCH_LOAD_SECONDS', 5),
};
const only = new Set((process.env.BENCH_ONLY ?? 'throughput,cold,size,types,pagination,sandbox').split(','));
const log = (line: string) => process.stderr.write(`${line}\n`);
const machine = describeMachine();
const out: string[] = [];
const print = (...lines: string[]) => {
  out.push(...lines);
  process.stdout.write(`${lines.join('\n')}\n`);
};

print(
  `# @svc bench, ${machine.date.slice(0, 10)}`,
  '',
  `machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGB} GB, Node ${machine.node}, ${machine.platform}; ` +
    `load average ${machine.loadAverage.join(' / ')} at start; commit ${machine.commit}`,
  '',
);

const results: Record<string, unknown> = { machine, config };

/** Measures a section when BENCH_ONLY names it (`label` goes to the log), keeping the figures under `key`. */
async function measured<T>(section: string, label: string, key: string, measure: () => Promise<T>) {
  if (!only.has(section)) return undefined;
  log(`${label}…`);
  const figures = await measure();
  results[key] = figures;
  return figures;
}

if (only.has('throughput')) {
  log('throughput…');
  const before = await loadClientBefore();
  log(`  "before" is @svc/client at ${before.commit} (${before.ref})`);
  results.before = { ref: before.ref, commit: before.commit };
  const rows = await measureThroughput(config.throughputRounds, log, before);
  results.throughput = rows;
  print(
    `## Call overhead against the floor (plain fetch + JSON.parse), ${config.throughputRounds} rounds`,
    '',
    table(
      [
        'workload',
        'body',
        'floor µs/call (wall)',
        'floor CPU µs/call',
        'node:http ×floor',
        'fetch + signal ×floor',
        'openapi-fetch ×floor',
        'ours ×floor',
        'CPU ×floor: node:http',
        'CPU ×floor: fetch + signal',
        'CPU ×floor: openapi-fetch',
        'CPU ×floor: ours',
        'ours ×node:http: CPU',
        'ours ×node:http: wall',
        'ours range',
        'target',
        '',
      ],
      rows.map((row) => [
        row.workload,
        `${(row.bodyBytes / 1024).toFixed(row.bodyBytes < 10_240 ? 1 : 0)} kB`,
        row.floorUsPerCall,
        row.floorCpuUsPerCall,
        row.wallRatio.nodeHttp,
        row.wallRatio.abortable,
        row.wallRatio.openapiFetch,
        row.wallRatio.ours,
        row.cpuRatio.nodeHttp,
        row.cpuRatio.abortable,
        row.cpuRatio.openapiFetch,
        row.cpuRatio.ours,
        row.oursToNodeHttp.cpu,
        row.oursToNodeHttp.wall,
        row.oursRatioRange.join('–'),
        [
          row.targets.wall === undefined ? '' : `wall ≤ ${row.targets.wall}`,
          row.targets.cpu === undefined ? '' : `CPU ≤ ${row.targets.cpu}`,
          row.targets.cpuToNodeHttp === undefined ? '' : `CPU ≤ ${row.targets.cpuToNodeHttp}× node:http`,
        ]
          .filter(Boolean)
          .join(', ') || 'reported',
        row.met === undefined ? '' : verdict(row.met),
      ]),
    ),
    '',
    'Ratios are medians of per-round paired ratios (each round runs the six contenders back to back, each following every other equally often over the rounds).',
    'Wall and CPU ratios are to the floor, plain fetch + JSON.parse; CPU time is this process only (the server is a child process) and steadier on a shared machine.',
    '"node:http" is plain node:http with a keep-alive agent, chunks concatenated and JSON.parse: no timeout, no abort. "fetch + signal" is plain fetch given a fresh AbortController and a timer per call.',
    "Ours sends named calls over node:http on Node, with a per-attempt timeout covering headers and body, the caller's signal, retries, validation and redaction.",
    '',
  );
  log('in-memory overhead…');
  const inMemory = await measureInMemory(9, before);
  results.inMemory = inMemory;
  print(
    '## Cost per call without the network (in-memory fetch, CPU µs per call, 9 rounds)',
    '',
    inMemoryTable('body', inMemory, [
      ['floor: fetch + JSON.parse', (row) => row.usPerCall.floor],
      ['fetch + signal', (row) => row.usPerCall.abortable],
      ['openapi-fetch', (row) => row.usPerCall.openapiFetch],
      ['ours', (row) => row.usPerCall.ours],
      ['ours − openapi-fetch', (row) => row.oursOverOpenapiFetchUs],
      ['openapi-fetch − floor', (row) => row.openapiFetchOverFloorUs],
      ['ours − fetch + signal', (row) => row.oursOverAbortableUs],
    ]),
    '',
    "The fetch builds the Request a real fetch builds from its arguments, then returns a new Response over bytes in memory: what is left is each layer's own work (its own Requests, validation, signals and timers, reading and parsing the body).",
    '',
  );
  print(...tracingTables(before, rows, inMemory));
}

const cold = await measured('cold', 'cold import', 'coldImport', () =>
  measureColdImport(config.coldImportRounds, log),
);
if (cold) {
  print(
    `## Cold import (fresh node processes, ${config.coldImportRounds} rounds; bare node: ${cold.bareWallMs} ms)`,
    '',
    table(
      ['module', 'added wall ms', 'import ms (in process)', 'added RSS MB', 'added heap MB', 'target', ''],
      cold.rows.map((row) => [
        row.module,
        row.addedWallMs,
        row.importMs,
        row.addedRssMB,
        row.addedHeapMB,
        row.target === undefined ? '' : `≤ ${row.target} ms`,
        verdict(row.met),
      ]),
    ),
    '',
    'A helper package imports @svc/client, so its figures include the client.',
    '',
  );
}

const size = await measured('size', 'bundle size', 'bundleSize', measureBundleSize);
if (size) {
  print(
    '## Bundle size of a three-call program (esbuild, minified, gzip -9)',
    '',
    table(
      [
        'platform',
        'minified B',
        'gzip B',
        'openapi-fetch alone gzip B',
        'our code gzip B',
        'budget (CI)',
        '',
      ],
      size.rows.map((row) => [
        row.platform,
        row.minifiedBytes,
        row.gzipBytes,
        row.openapiFetchGzipBytes,
        row.ourGzipBytes,
        `≤ ${row.budgetBytes} B`,
        verdict(row.met),
      ]),
    ),
    '',
    `From \`${size.command}\` (packages/client/size/check-size.mjs), which CI runs as the turbo task \`size\`.`,
    '',
  );
}

const types = await measured('types', 'type-check', 'typeCheck', () =>
  measureTypeCheck(config.typeCheckRounds, log),
);
if (types) {
  print(
    `## Type-check cost (tsc --noEmit, skipLibCheck, ${config.typeCheckRounds} rounds)`,
    '',
    table(
      [
        'consumer',
        'files from our packages',
        'files in all',
        'wall ms',
        'check s',
        'memory MB',
        'target',
        '',
      ],
      [
        [
          '3 calls via @svc/client',
          types.ourFiles.length,
          types.totalFiles.svc,
          types.wallMs.svc,
          types.checkSeconds.svc,
          types.memoryMB.svc,
          `≤ ${types.target} files`,
          verdict(types.met),
        ],
        [
          '3 calls via plain fetch',
          0,
          types.totalFiles.fetch,
          types.wallMs.fetch,
          types.checkSeconds.fetch,
          types.memoryMB.fetch,
          '',
          '',
        ],
      ],
    ),
    '',
    `Wall time @svc/client / plain fetch: ${types.wallRatio}× (median of per-round ratios). Our files: ${types.ourFiles.join(', ')}; ` +
      `third-party: ${types.thirdPartyFiles.join(', ')}.`,
    '',
  );
}

const pagination = await measured('pagination', 'pagination memory', 'paginationMemory', () =>
  measurePaginationMemory(config.paginationRounds, log),
);
if (pagination) {
  const { workload } = pagination;
  print(
    `## Pagination memory (${(workload.pages * workload.pointsPerPage).toLocaleString('en')} points over ${workload.pages} pages, ` +
      `${(workload.pageBytes / 1024 ** 2).toFixed(2)} MB per page)`,
    '',
    table(
      ['loop', 'heap growth MB', 'accumulated MB', 'target', ''],
      pagination.rows.map((row) => [
        row.loop,
        row.heapGrowthMB,
        row.heapAccumulatedMB,
        `≤ ${row.target} MB`,
        verdict(row.met),
      ]),
    ),
    '',
    "From the client's page-walk bench (`pnpm --filter @svc/bench bench:pagination`): heap used after a full GC at each page, over the heap before the walk.",
    '',
  );
}

if (only.has('sandbox')) {
  log('sandbox and mock servers…');
  const servers = await measureServers(config.serverRounds, config.loadSeconds, log);
  const inProcess = await measureInProcess(7, 2_000);
  results.sandbox = { servers, inProcess };
  const targets = { readyMs: 1_000, readRps: 2_000, inProcessUs: 100 };
  print(
    `## The sandbox beside the mock (start-up median of ${config.serverRounds}; loads of ${config.loadSeconds} s, 32 connections, autocannon)`,
    '',
    table(
      [
        'server',
        'start to first answer ms',
        'reads/s',
        'reads per CPU second',
        'order creates/s',
        'creates per CPU second',
        'target (sandbox)',
        '',
      ],
      servers.map((row) => [
        row.server,
        row.readyMs,
        row.readRps,
        row.readsPerCpuSecond,
        row.createRps,
        row.createsPerCpuSecond,
        row.server === 'sandbox' ? `≤ ${targets.readyMs} ms, ≥ ${targets.readRps} reads per CPU second` : '',
        row.server === 'sandbox'
          ? verdict(row.readyMs <= targets.readyMs && row.readsPerCpuSecond >= targets.readRps)
          : '',
      ]),
    ),
    '',
    'Each server is a fresh `node` process pinned to core 0 (`taskset`), autocannon to core 1. Reads are `resolveUser`. ' +
      "Per CPU second: requests served over the server process's own CPU time (/proc), what one free core serves; " +
      'reads/s (wall) also depends on what else the machine runs.',
    '',
    table(
      ['in-process `sandbox.fetch`', 'wall µs/call', 'CPU µs/call', 'target', ''],
      inProcess.map((row) => [
        row.read,
        row.wallUs,
        row.cpuUs,
        `≤ ${targets.inProcessUs} µs`,
        verdict(row.cpuUs <= targets.inProcessUs),
      ]),
    ),
    '',
    'A Request built, answered and its body read, 2,000 calls a round, median of 7 rounds, in a fresh process. ' +
      'The verdict reads CPU µs (the cost of a call); wall µs also counts waiting for a core on a loaded machine.',
    '',
  );
}

const end = os.loadavg().map((load) => Math.round(load * 100) / 100);
results.loadAverageAtEnd = end;
print(`load average at end: ${end.join(' / ')}`);

const dir = fileURLToPath(new URL('../bench-results/', import.meta.url));
await mkdir(dir, { recursive: true });
const stamp = machine.date.replaceAll(':', '-').replace(/\..+$/, '');
const json = `${JSON.stringify(results, null, 2)}\n`;
await writeFile(`${dir}bench-${stamp}.json`, json);
await writeFile(`${dir}latest.json`, json);
await writeFile(`${dir}latest.md`, `${out.join('\n')}\n`);
log(`wrote ${dir}bench-${stamp}.json (and latest.json, latest.md)`);
