// Type-check cost: `tsc --noEmit` of a consumer calling three operations through @svc/client, against
// the same program written with plain fetch (typecheck/). Counts the files tsc loads from our packages,
// and compares wall time per round (alternating which runs first), median of the per-round ratios.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { balancedOrder, median, round } from './stats.js';

export const TYPECHECK_FILES_TARGET = 40;
const tsc = createRequire(import.meta.url).resolve('typescript/lib/tsc.js');
const dir = fileURLToPath(new URL('../typecheck/', import.meta.url));
const PROJECTS = { svc: 'tsconfig.svc.json', fetch: 'tsconfig.fetch.json' } as const;
type Project = keyof typeof PROJECTS;

function runTsc(project: Project, extra: string[]): Promise<{ wallMs: number; out: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, [tsc, '-p', PROJECTS[project], ...extra], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    proc.once('error', reject);
    proc.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`tsc -p ${PROJECTS[project]} failed:\n${out}`));
      resolve({ wallMs: performance.now() - started, out });
    });
  });
}

/** `--extendedDiagnostics` lines such as `Check time:  0.52s` or `Memory used:  71234K`. */
function diagnostic(out: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(out);
  return match ? Number(match[1]) : Number.NaN;
}

export interface TypeCheckResult {
  /** Files loaded from this repository's packages (workspace links resolve to packages/). */
  ourFiles: string[];
  /** Every file tsc loaded for the @svc/client consumer, and for the plain-fetch one. */
  totalFiles: { svc: number; fetch: number };
  /** Third-party declaration files loaded for the @svc/client consumer (openapi-fetch and its helpers). */
  thirdPartyFiles: string[];
  wallMs: { svc: number; fetch: number };
  /** Median of per-round svc / fetch wall-time ratios. */
  wallRatio: number;
  /** tsc's own `Check time`, and `Memory used`, medians. */
  checkSeconds: { svc: number; fetch: number };
  memoryMB: { svc: number; fetch: number };
  target: number;
  met: boolean;
}

export async function measureTypeCheck(
  rounds: number,
  log: (line: string) => void,
): Promise<TypeCheckResult> {
  const listed = async (project: Project) =>
    (await runTsc(project, ['--listFiles'])).out
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  const svcFiles = await listed('svc');
  const fetchFiles = await listed('fetch');
  const fromRepo = (file: string) => !file.includes('/node_modules/') && !file.includes('/typecheck/');
  const ourFiles = svcFiles.filter((file) => fromRepo(file) && /\/packages\//.test(file));
  const thirdPartyFiles = svcFiles.filter(
    (file) => file.includes('/node_modules/') && !file.includes('/node_modules/typescript/lib/'),
  );

  const samples: Array<Record<Project, { wallMs: number; out: string }>> = [];
  for (let r = 0; r < rounds; r++) {
    const runs = {} as Record<Project, { wallMs: number; out: string }>;
    for (const project of balancedOrder(['svc', 'fetch'] as Project[], r)) {
      runs[project] = await runTsc(project, ['--extendedDiagnostics']);
    }
    samples.push(runs);
  }
  log(`  type-check: ${rounds} rounds`);
  const med = (project: Project, pick: (run: { wallMs: number; out: string }) => number) =>
    median(samples.map((runs) => pick(runs[project])));
  const wallRatio = round(median(samples.map((runs) => runs.svc.wallMs / runs.fetch.wallMs)), 3);
  return {
    ourFiles: ourFiles.map((file) => file.slice(file.indexOf('/packages/') + 1)),
    totalFiles: { svc: svcFiles.length, fetch: fetchFiles.length },
    thirdPartyFiles: thirdPartyFiles.map((file) => file.slice(file.lastIndexOf('/node_modules/') + 14)),
    wallMs: {
      svc: round(
        med('svc', (run) => run.wallMs),
        0,
      ),
      fetch: round(
        med('fetch', (run) => run.wallMs),
        0,
      ),
    },
    wallRatio,
    checkSeconds: {
      svc: round(med('svc', (run) => diagnostic(run.out, 'Check time'))),
      fetch: round(med('fetch', (run) => diagnostic(run.out, 'Check time'))),
    },
    memoryMB: {
      svc: round(med('svc', (run) => diagnostic(run.out, 'Memory used')) / 1024, 0),
      fetch: round(med('fetch', (run) => diagnostic(run.out, 'Memory used')) / 1024, 0),
    },
    target: TYPECHECK_FILES_TARGET,
    met: ourFiles.length <= TYPECHECK_FILES_TARGET,
  };
}
