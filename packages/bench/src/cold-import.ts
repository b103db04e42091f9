// Cold import cost: fresh node processes, each importing one module once; the baseline is the same
// child importing nothing. Rounds alternate the modules in a balanced order, and the cost added over
// bare node is the median of per-round differences (wall time of the whole process, spawn to exit).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { balancedOrder, median, round } from './stats.js';

/** Modules measured: the core client, its building block, and each helper package as it lands. */
export const MODULES = ['openapi-fetch', '@svc/client', '@svc/events', '@svc/lab-testing'];
export const COLD_IMPORT_TARGET_MS = 25;
const BARE = '(bare node)';
const child = fileURLToPath(new URL('./cold-import-child.mjs', import.meta.url));
const MB = 1024 * 1024;

interface ChildReport {
  wallMs: number;
  importMs: number;
  heapUsed: number;
  rss: number;
  maxRssKb: number;
}

function runChild(specifier: string | undefined): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, specifier ? [child, specifier] : [child], {
      stdio: ['ignore', 'pipe', 'inherit'],
      // No inherited NODE_OPTIONS (pnpm may set some): every child starts the same way.
      env: { PATH: process.env.PATH ?? '' },
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    proc.once('error', reject);
    // 'close', not 'exit': the child can exit before its stdout is read to the end.
    proc.once('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`cold import of ${specifier} exited with ${code}`));
      try {
        resolve({ wallMs, ...(JSON.parse(out) as Omit<ChildReport, 'wallMs'>) });
      } catch {
        reject(
          new Error(`cold import of ${specifier}: the child's report is not JSON: ${JSON.stringify(out)}`),
        );
      }
    });
  });
}

export interface ColdImportRow {
  module: string;
  /** Median over rounds of (process wall time with the import − without), ms. */
  addedWallMs: number;
  /** Median of the import itself, timed inside the child, ms. */
  importMs: number;
  /** Median of (RSS after the import − without), MB. */
  addedRssMB: number;
  /** Median of (peak RSS with − without), MB: node's start-up peak usually hides an import's share. */
  addedMaxRssMB: number;
  /** Median of (heap used after the import − without), MB. */
  addedHeapMB: number;
  target?: number;
  met?: boolean;
}

export async function measureColdImport(
  rounds: number,
  log: (line: string) => void,
): Promise<{ bareWallMs: number; rows: ColdImportRow[] }> {
  const names = [BARE, ...MODULES];
  // One unmeasured pass warms the file-system cache, as any second run of a program would find it.
  for (const name of names) await runChild(name === BARE ? undefined : name);
  const samples = new Map<string, ChildReport[]>(names.map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of balancedOrder(names, r))
      samples.get(name)?.push(await runChild(name === BARE ? undefined : name));
  }
  log(`  cold import: ${rounds} rounds of ${names.length} processes`);
  const bare = samples.get(BARE) ?? [];
  const rows = MODULES.map((module) => {
    const runs = samples.get(module) ?? [];
    const diff = (pick: (report: ChildReport) => number) =>
      median(runs.map((run, i) => pick(run) - pick(bare[i] as ChildReport)));
    const row: ColdImportRow = {
      module,
      addedWallMs: round(
        diff((run) => run.wallMs),
        1,
      ),
      importMs: round(median(runs.map((run) => run.importMs)), 1),
      addedRssMB: round(diff((run) => run.rss) / MB),
      addedMaxRssMB: round(diff((run) => run.maxRssKb * 1024) / MB),
      addedHeapMB: round(diff((run) => run.heapUsed) / MB),
    };
    if (module === '@svc/client') {
      row.target = COLD_IMPORT_TARGET_MS;
      row.met = row.addedWallMs <= COLD_IMPORT_TARGET_MS;
    }
    return row;
  });
  return { bareWallMs: round(median(bare.map((run) => run.wallMs)), 1), rows };
}
