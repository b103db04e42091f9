// Pagination memory: runs the bench of the client's page walk (src/pagination/walk-bench.ts: 1,000,000
// points over 100 pages from a loopback server) in a fresh process, so no other section's heap is in its
// figures, and reads the JSON it writes.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const PAGINATION_HEAP_TARGET_MB = 32;
const WALK_BENCH = new URL('./pagination/walk-bench.ts', import.meta.url);

export interface PaginationMemoryRow {
  loop: string;
  heapGrowthMB: number;
  heapAccumulatedMB: number;
  wallRatioToHandLoop: number;
  target: number;
  met: boolean;
}

interface PaginationReport {
  workload: { pages: number; pointsPerPage: number; pageBytes: number; rounds: number };
  results: Array<{ variant: string; heapGrowthMB: number; heapAccumulatedMB: number; ratioToHand: number }>;
}

const LOOPS: Record<string, string> = {
  hand: 'hand-written cursor loop',
  items: 'for await items',
  pages: 'for await .pages()',
};

export async function measurePaginationMemory(
  rounds: number,
  log: (line: string) => void,
): Promise<{ workload: PaginationReport['workload']; rows: PaginationMemoryRow[]; file: string }> {
  const out = await new Promise<string>((resolve, reject) => {
    // BENCH_ROUNDS only shortens its timing pass (memory is one pass). From the package folder, where tsx resolves.
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(WALK_BENCH)], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_ROUNDS: String(rounds) },
    });
    let text = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    proc.once('error', reject);
    proc.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`pagination bench exited with ${code}:\n${text}`)),
    );
  });
  const file = /^wrote (.+\.json)$/m.exec(out)?.[1];
  if (!file) throw new Error(`pagination bench wrote no JSON:\n${out}`);
  log(`  pagination memory: read ${file}`);
  const report = JSON.parse(await readFile(file, 'utf8')) as PaginationReport;
  return {
    workload: report.workload,
    file,
    rows: report.results.map((result) => ({
      loop: LOOPS[result.variant] ?? result.variant,
      heapGrowthMB: result.heapGrowthMB,
      heapAccumulatedMB: result.heapAccumulatedMB,
      wallRatioToHandLoop: result.ratioToHand,
      target: PAGINATION_HEAP_TARGET_MB,
      met: result.heapGrowthMB <= PAGINATION_HEAP_TARGET_MB,
    })),
  };
}
